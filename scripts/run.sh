#!/usr/bin/env bash
# Set everything up on a fresh Debian machine, build, and run the main job. For now
# that is perft from the start of the sample game; the tournament replaces it later.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$(nproc)" --target junqi
build/runner/junqi show
build/runner/junqi perft --depth 4 --divide
