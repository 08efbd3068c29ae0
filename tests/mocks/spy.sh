#!/bin/sh
# A JQP bot that plays through another one and appends every line the runner sends it to a file,
# so a test can check what the runner let it see. Usage: spy.sh FILE COMMAND [ARGS...]
out=$1
shift
tee -a "$out" | "$@"
