#!/usr/bin/env bash
# Set everything up on a fresh Debian machine, build, and run the main job: perft from the
# start of the sample game, then short paired matches of the shipped bots. (The tournament
# runner replaces the matches when it lands.)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$(nproc)" --target junqi
build/runner/junqi show
build/runner/junqi perft --depth 4 --divide | tail -n 3
mkdir -p out
for opponent in greedy pimc; do
  build/runner/junqi match --red ismcts --blue "$opponent" --games 10 --paired --tc iterations=1000 \
    --seed 1 --out out/ismcts-vs-$opponent.jsonl
done
