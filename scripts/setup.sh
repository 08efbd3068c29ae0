#!/usr/bin/env bash
# Installs the Debian packages junqi builds against. Idempotent: asks apt only for
# what is missing, so a ready machine pays nothing. Nothing is downloaded at build time.
set -euo pipefail

packages=(
  build-essential cmake
  libeigen3-dev libtbb-dev libcli11-dev libbenchmark-dev
  libgtest-dev googletest libtomlplusplus-dev nlohmann-json3-dev
  # scripts/sanitize.sh and scripts/fuzz.sh: sanitizer and libFuzzer runtimes, and
  # llvm-symbolizer for readable stack traces
  clang libclang-rt-14-dev llvm
  # scripts/slurm-test.sh (run by scripts/test.sh): a one-node Slurm cluster on localhost
  slurm-wlm munge
  # junqi serve: the HTTP server library, and the headless browser (and the Python that
  # drives it) of its page test, tests/browser/page_test.py
  libcpp-httplib-dev chromium python3
  # a font with the Chinese piece names, for the page in that browser and its screenshots
  fonts-wqy-microhei
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "setup: all packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
sudo_cmd=()
[[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
