#include "search/ismcts_bot.h"

#include "engine/notation.h"
#include "search/time_manager.h"

namespace junqi::search {

using namespace junqi::engine;

IsmctsBot::IsmctsBot(const IsmctsBotParams& params) : params_(params) {}

Move IsmctsBot::choose_move(const View& view, const Limits& limits) {
  MoveList legal;
  const Belief belief(view);
  if (const auto forced = forced_move(view, belief, legal)) return *forced;
  const Budget budget = plan_move(limits, params_.default_iterations);
  const SearchResult r =
      ismcts_search(view, sampler_, belief, params_.weights, params_.search, budget.iterations, budget.seconds, rng_.next());
  info_ = {r.iterations, r.winrate, "best " + move_string(r.best)};
  return r.best == kNullMove ? legal[0] : r.best;
}

}  // namespace junqi::search
