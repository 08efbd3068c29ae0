#!/usr/bin/env bash
# The whole GoogleTest suite under AddressSanitizer + UndefinedBehaviorSanitizer (build in
# build-sanitize/, see configure_sanitize.sh): any report fails its test. Sanitized code
# runs several times slower, so the tests' upper time limits are widened by
# JUNQI_TEST_TIME_SCALE (tests/support/time_scale.h); what they check stays the same.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/configure_sanitize.sh
cmake --build build-sanitize -j "$(nproc)" --target junqi_tests
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export JUNQI_TEST_TIME_SCALE=${JUNQI_TEST_TIME_SCALE:-4}
ctest --test-dir build-sanitize --output-on-failure -j "$(nproc)"
