#include "runner/tournament/tournament_resume.h"

#include <algorithm>

#include "engine/error.h"
#include "runner/game/text.h"

namespace junqi::runner {

ResumePlan plan_resume(const TournamentConfig& config, const Schedule& schedule,
                       const std::vector<GameRecord>& records) {
  ResumePlan plan;
  for (const GameRecord& r : records) {
    const std::optional<int64_t> position = schedule.position_of(r.id);
    if (!position)
      throw engine::Error(cat({"game ", r.id,
                               " of the record file is not in this tournament's schedule (another config or shard?)"}));
    if (!plan.done.insert(*position).second) throw engine::Error(cat({"game ", r.id, " is twice in the record file"}));
    ScheduledGame g = schedule.game(*position);
    // By seat (in the flip game the record's red may be the second to act).
    const std::string& red = config.players[g.players[0]].name;
    const std::string& blue = config.players[g.players[1]].name;
    const std::vector<std::string> seats = r.players();
    if (seats != std::vector{red, blue} || r.seed != g.seed)
      throw engine::Error(cat({"game ", g.id, " of the record file is ", seats[0], " - ", seats[1],
                               ", but this tournament schedules ", red, " - ", blue,
                               (r.seed != g.seed ? " with another seed" : ""),
                               " (another config, seed or shard?)"}));
    plan.finished.emplace_back(std::move(g), r);
  }
  std::sort(plan.finished.begin(), plan.finished.end(),
            [](const auto& a, const auto& b) { return a.first.index < b.first.index; });
  plan.left = schedule.size() - int64_t(plan.done.size());
  return plan;
}

}  // namespace junqi::runner
