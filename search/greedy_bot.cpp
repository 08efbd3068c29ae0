#include "search/greedy_bot.h"

#include "search/flip_action_values.h"
#include "search/marginals.h"
#include "search/one_ply_choice.h"

namespace junqi::search {

using namespace junqi::engine;

Move GreedyBot::choose_flip_action(const FlipView& view, const Limits&) {
  MoveList legal;
  if (const auto forced = forced_flip_action(view, legal)) return *forced;
  const std::vector<double> values = one_ply_values(view.sample(rng_), legal, view.player(), flip_weights_);
  Move best = legal[0];
  double best_score = -1;
  for (int i = 0; i < legal.size; ++i) {
    const double score = values[size_t(i)] + 1e-9 * double(rng_.below(1000));  // random tie-break, far below any real difference
    if (score > best_score) best_score = score, best = legal[i];
  }
  return best;
}

Move GreedyBot::choose_move(const View& view, const Limits&) {
  MoveList legal;
  const Belief belief(view);
  if (const auto forced = forced_move(view, belief, legal)) return *forced;
  return best_one_ply_move(view, belief, estimate_marginals(sampler_, rng_, 200), legal, OnePlyTable{}, rng_);
}

}  // namespace junqi::search
