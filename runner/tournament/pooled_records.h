#pragma once
// Adding up the record files of several runs (other seeds, a run continued later, shards
// merged or not) into one score board, so that pooled results come from a command rather
// than from hand arithmetic: `junqi stats --records A.jsonl B.jsonl`.
//
// Within a file, games 2k-1 and 2k form pair k (tournament_schedule.h). They count as a
// pair only if they are one: the same two players with their seats swapped and the same
// deployments (the flip game: the same layout); otherwise (a match whose sides deployed
// themselves, say) each game counts in the W/D/L totals but in no pair statistic.

#include <string>
#include <vector>

#include "runner/tournament/tournament_scores.h"

namespace junqi::runner {

struct PooledRecords {
  std::vector<std::string> players;  // by index on the board, in order of first appearance
  ScoreBoard board{0};
  int64_t unpaired_games = 0;  // counted in the totals only: no partner, or not a true pair
};

// Reads every file (errors name the file and line, or the file and a game id that comes
// twice in it) and adds their games up.
PooledRecords pool_records(const std::vector<std::string>& files);

}  // namespace junqi::runner
