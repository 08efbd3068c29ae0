#!/usr/bin/env bash
# Builds the libFuzzer targets of fuzz/ (in build-sanitize/, see configure_sanitize.sh)
# and runs each for FUZZ_SECONDS seconds (20 by default) from its seed corpus
# fuzz/corpus/<target>/, failing on the first crash, sanitizer report, broken property,
# timeout or memory blow-up. New inputs go to build-sanitize/fuzz-corpus/<target>/ and a
# crashing input to build-sanitize/fuzz-crashes/: add it to the corpus and turn it into a
# regression test of the GoogleTest suite.
#
#   bash scripts/fuzz.sh              every target
#   bash scripts/fuzz.sh jfen record  these targets
#   FUZZ_SECONDS=600 bash scripts/fuzz.sh jfen
#   FUZZ_SKIP="record" bash scripts/fuzz.sh   every target but these
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/configure_sanitize.sh
cmake --build build-sanitize -j "$(nproc)" --target fuzzers

seconds=${FUZZ_SECONDS:-20}
targets=("$@")
if ((${#targets[@]} == 0)); then
  for source in fuzz/*.cpp; do
    t=$(basename "$source" .cpp)
    [[ " ${FUZZ_SKIP:-} " == *" $t "* ]] || targets+=("$t")
  done
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
mkdir -p build-sanitize/fuzz-crashes
failed=()
for t in "${targets[@]}"; do
  mkdir -p "build-sanitize/fuzz-corpus/$t"
  log="build-sanitize/fuzz-$t.log"
  if "build-sanitize/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
      -print_final_stats=1 -artifact_prefix="build-sanitize/fuzz-crashes/$t-" \
      "build-sanitize/fuzz-corpus/$t" "fuzz/corpus/$t" >"$log" 2>&1; then
    status=ok
  else
    status=FAILED
    failed+=("$t")
    tail -n 40 "$log"
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  printf 'fuzz %-18s %-6s %9s runs %7s exec/s\n' "$t" "$status" "$runs" "$speed"
done
if ((${#failed[@]} > 0)); then
  echo "fuzz: crashes in ${failed[*]} (inputs in build-sanitize/fuzz-crashes/, logs build-sanitize/fuzz-<target>.log)"
  exit 1
fi
