#include "search/ismcts_bot.h"

#include "engine/notation.h"
#include "search/deployment_choice.h"
#include "search/time_manager.h"

namespace junqi::search {

using namespace junqi::engine;

IsmctsBot::IsmctsBot(const IsmctsBotParams& params) : params_(params), weights_(eval::find_weights(params.weights)) {}

void IsmctsBot::new_game(Color, const Rules&, uint64_t seed) { rng_ = Rng(seed); }

Deployment IsmctsBot::deploy() { return sensible_deployment(rng_); }

Move IsmctsBot::choose_move(const View& view, const Limits& limits) {
  MoveList legal;
  view.legal_moves(legal);
  if (legal.size == 0) return kNullMove;
  if (legal.size == 1) return legal[0];
  const Belief belief(view);
  sampler_.update(belief, DeploymentPrior::uniform());
  if (!sampler_.consistent()) return legal[int(rng_.below(uint64_t(legal.size)))];  // the view defies the rules
  const Budget budget = plan_move(limits, params_.default_iterations);
  const SearchResult r =
      ismcts_search(view, sampler_, belief, weights_, params_.search, budget.iterations, budget.seconds, rng_.next());
  info_ = {r.iterations, r.winrate, "best " + move_string(r.best)};
  return r.best == kNullMove ? legal[0] : r.best;
}

}  // namespace junqi::search
