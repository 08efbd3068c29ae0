#!/usr/bin/env bash
# Set everything up on a fresh Debian machine, build, and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DJUNQI_WERROR=ON
cmake --build build -j "$(nproc)"
ctest --test-dir build --output-on-failure -j "$(nproc)"
# The page of `junqi serve` in headless chromium, clicked through a game (docs/web.md).
python3 tests/browser/page_test.py --junqi build/runner/junqi --out build/browser-test
# A real one-node Slurm cluster on localhost runs sharded tournaments and an SPSA run
# (about a minute); its daemons run as root.
if [[ $(id -u) -eq 0 ]]; then
  bash scripts/slurm-test.sh
else
  echo "test: skipping scripts/slurm-test.sh (its Slurm daemons need root: sudo bash scripts/slurm-test.sh)"
fi
