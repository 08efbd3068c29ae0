#include "runner/tournament_resume.h"

#include <map>

#include "engine/error.h"
#include "runner/text.h"

namespace junqi::runner {

ResumePlan plan_resume(const TournamentConfig& config, const std::vector<ScheduledGame>& schedule,
                       const std::vector<GameRecord>& records) {
  std::map<std::string, const GameRecord*> by_id;
  for (const GameRecord& r : records) by_id[r.id] = &r;
  ResumePlan plan;
  for (const ScheduledGame& g : schedule) {
    const auto it = by_id.find(g.id);
    if (it == by_id.end()) {
      plan.left.push_back(g);
      continue;
    }
    const GameRecord& r = *it->second;
    const std::string& red = config.players[g.players[engine::kRed]].name;
    const std::string& blue = config.players[g.players[engine::kBlue]].name;
    if (r.red != red || r.blue != blue || r.seed != g.seed)
      throw engine::Error(cat({"game ", g.id, " of the record file is ", r.red, " - ", r.blue,
                               ", but this tournament schedules ", red, " - ", blue,
                               (r.seed != g.seed ? " with another seed" : ""),
                               " (another config, seed or shard?)"}));
    plan.finished.emplace_back(g, r);
    by_id.erase(it);
  }
  if (!by_id.empty())
    throw engine::Error(cat({"game ", by_id.begin()->first,
                             " of the record file is not in this tournament's schedule (another config or shard?)"}));
  return plan;
}

}  // namespace junqi::runner
