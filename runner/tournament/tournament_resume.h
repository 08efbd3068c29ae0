#pragma once
// Resuming: which scheduled games a record file already holds and which are left.

#include <cstdint>
#include <set>
#include <vector>

#include "runner/game/record.h"
#include "runner/tournament/tournament_config.h"
#include "runner/tournament/tournament_schedule.h"

namespace junqi::runner {

struct ResumePlan {
  std::vector<std::pair<ScheduledGame, GameRecord>> finished;  // in schedule order
  std::set<int64_t> done;                                      // their positions in the schedule
  int64_t left = 0;                                            // games still to play
};

// Matches records to the schedule by game id. A record whose id is not in the schedule
// or comes twice, or whose players are not the ones scheduled (another config, seed or
// shard), throws engine::Error naming the game id.
ResumePlan plan_resume(const TournamentConfig& config, const Schedule& schedule,
                       const std::vector<GameRecord>& records);

}  // namespace junqi::runner
