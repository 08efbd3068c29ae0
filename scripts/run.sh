#!/usr/bin/env bash
# Set everything up on a fresh Debian machine, build, and run the main job: perft from the
# start of the sample game, then the default tournament: the ladder of the baselines and levels.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$(nproc)" --target junqi
build/runner/junqi show
build/runner/junqi perft --depth 4 --divide | tail -n 3
mkdir -p out
rm -f out/default.jsonl  # a fresh run each time (a used record file is only resumed)
build/runner/junqi tournament --config configs/tournaments/default.toml --out out/default.jsonl
