#!/usr/bin/env bash
# The house rules' table in docs/rules.md: ismcts against itself under the standard rules
# and under each house rule alone (RULES.md §9), the same games budget for each, and per
# rule set the mean game length in plies, the draw rate and the first player's (Red's)
# score with its 95% interval. Games run one at a time at low priority; records go to
# out/house-rules/, where a finished rule set is read again instead of played again.
#
#   scripts/house_rules_table.sh [GAMES] [ITERATIONS]    (defaults: 200 games, 200 iterations)
#
# Expects a Release build in build/ (the README's build line), or JUNQI=path/to/junqi.
set -euo pipefail
cd "$(dirname "$0")/.."

games=${1:-200}
iterations=${2:-200}
junqi=${JUNQI:-build/runner/junqi}  # JUNQI: another binary, e.g. a copy kept while rebuilding
out=out/house-rules
mkdir -p "$out"

sets=("standard:" "bomb_flies:bomb_flies=true" "all_turn:all_turn=true"
      "marshal_takes_flag:marshal_takes_flag=false" "mine:mine=all-die" "immobile:immobile=at-once")

printf '| rules | games | plies a game | draws | Red'"'"'s score ± 95%% |\n|---|---|---|---|---|\n'
for entry in "${sets[@]}"; do
  name=${entry%%:*}
  rule=${entry#*:}
  file="$out/$name-g$games-i$iterations.jsonl"
  if [[ ! -s $file ]]; then
    args=(selfplay --bot ismcts --games "$games" --tc "iterations=$iterations" --concurrency 1 --seed 18 --out "$file")
    [[ -n $rule ]] && args+=(--rule "$rule")
    nice -n 10 "$junqi" "${args[@]}" >/dev/null 2>"$out/$name.log"
  fi
  # One JSON line a game: "result" is 1-0, 0-1 or 1/2-1/2; each ply a {"move":"a6-a7",...}.
  label=${rule:-defaults}
  awk -v label="$label" '
    {
      n++
      if ($0 ~ /"result":"1-0"/) w++
      else if ($0 ~ /"result":"1\/2-1\/2"/) d++
      line = $0
      plies += gsub(/"move":"/, "", line)
    }
    END {
      l = n - w - d; s = (w + d / 2) / n
      var = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / n
      printf "| %s | %d | %.1f | %.1f%% | %.1f%% ± %.1f%% |\n", label, n, plies / n, 100 * d / n, 100 * s, 196 * sqrt(var / n)
    }' "$file"
done
