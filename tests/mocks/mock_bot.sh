#!/bin/sh
# A JQP bot that misbehaves on purpose, for the runner's fault tests (tests/runner/players/jqp_test.cpp).
# Usage: mock_bot.sh MODE, MODE one of
#   illegal-move        answers `go` with a well-formed move that is never legal
#   illegal-deployment  deploys its flag outside the headquarters
#   garbage             answers `go` with a line that is not `bestmove`
#   hang                never answers `go`
#   exit                exits when asked to move (mid-game)
#   flood               answers `go` with one line of several megabytes
#   bad-utf8-move       answers `go` with a bestmove holding bytes that are not UTF-8 (and
#                       writes such bytes and an escape sequence to stderr)
#   bad-utf8-name       names itself with bytes that are not UTF-8 (and an escape sequence)
#   garbage-then-deaf   answers `go` with garbage, then never reads again (a restart is needed)
#   orphan-exit         when asked to move, starts a child that keeps its stdout, and exits
# Otherwise it speaks JQP correctly; it always deploys the sample deployment of NOTATION.md.
mode=$1
side=red
while IFS= read -r line; do
  set -- $line
  case $1 in
    jqp)
      if [ "$mode" = bad-utf8-name ]; then printf 'id name mock-\377\033[2J\n'
      else echo "id name mock-$mode"; fi
      echo "id author junqi tests"; echo "jqpok" ;;
    isready) echo "readyok" ;;
    newgame) side=$2 ;;
    deploy)
      if [ "$mode" = illegal-deployment ]; then echo "deployment LLFPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC"
      else echo "deployment LFLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC"; fi ;;
    go)
      case $mode in
        illegal-move) echo "info string about to cheat"; echo "bestmove a1-e12" ;;
        garbage) echo "I think b2-b3 is nice" ;;
        hang) ;;
        exit) echo "mock bot leaving mid-game" >&2; exit 3 ;;
        flood) head -c 4000000 /dev/zero | tr '\0' 'x'; echo ;;
        bad-utf8-move) printf 'thinking \377\033[2J\n' >&2; printf 'bestmove a6-a5\377\n' ;;
        garbage-then-deaf) echo "I think b2-b3 is nice"; exec sleep 30 ;;
        orphan-exit) sleep 30 & exit 3 ;;
        *) echo "bestmove resign" ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
