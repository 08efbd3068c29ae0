#include "search/heuristic_bot.h"

#include "search/marginals.h"
#include "search/one_ply_choice.h"

namespace junqi::search {

using namespace junqi::engine;

Move HeuristicBot::choose_move(const View& view, const Limits&) {
  MoveList legal;
  const Belief belief(view);
  if (const auto forced = forced_move(view, belief, legal)) return *forced;
  // Engineers run for the landmines round the flag, officers follow, bombs last.
  const OnePlyTable table{params_.aggression, 0.4, 0.15, 0.3};
  return best_one_ply_move(view, belief, estimate_marginals(sampler_, rng_, 200), legal, table, rng_);
}

}  // namespace junqi::search
