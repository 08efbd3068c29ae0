#!/usr/bin/env bash
# Configures build-sanitize/, the one build that scripts/sanitize.sh (the test suite) and
# scripts/fuzz.sh (the fuzz targets) share: clang, AddressSanitizer + UndefinedBehavior-
# Sanitizer with no recovery, asserts on (-O2 -g without NDEBUG), and libFuzzer's
# coverage in every library. Sharing it compiles the libraries once for both.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build-sanitize -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g" -DJUNQI_WERROR=ON -DJUNQI_FUZZ=ON -DJUNQI_BUILD_BENCH=OFF >/dev/null
