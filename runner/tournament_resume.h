#pragma once
// Resuming: which scheduled games a record file already holds and which are left.

#include <vector>

#include "runner/record.h"
#include "runner/tournament_config.h"
#include "runner/tournament_schedule.h"

namespace junqi::runner {

struct ResumePlan {
  std::vector<std::pair<ScheduledGame, GameRecord>> finished;  // in schedule order
  std::vector<ScheduledGame> left;                             // in schedule order
};

// Matches records to the schedule by game id. A record whose id is not in the schedule,
// or whose players are not the ones scheduled (another config, seed or shard), throws
// engine::Error naming the game id.
ResumePlan plan_resume(const TournamentConfig& config, const std::vector<ScheduledGame>& schedule,
                       const std::vector<GameRecord>& records);

}  // namespace junqi::runner
