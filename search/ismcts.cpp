#include "search/ismcts.h"

#include <algorithm>
#include <chrono>

#include "search/ismcts_tree.h"

namespace junqi::search {

using namespace junqi::engine;

IsmctsSearch::IsmctsSearch(const IsmctsParams& params) : search_(params) {}
IsmctsSearch::~IsmctsSearch() = default;

void IsmctsSearch::clear() { search_.clear(); }

SearchResult IsmctsSearch::run(const View& view, const Sampler& sampler, const Belief& belief,
                               const eval::Weights& weights, int64_t iterations, double seconds, uint64_t seed,
                               const std::atomic<bool>* stop) {
  MoveList root_moves;
  view.legal_moves(root_moves);
  IsmctsParams params = search_.params();
  const double expected = expected_iterations(iterations, seconds, rate_);
  if (!params.rollout_schedule.empty() && expected > 0) params.rollout.depth = params.rollout_schedule.depth_for(expected);
  // Whether each tree is expected to run at least `from` iterations.
  const auto trees_reach = [&](int64_t from) {
    return expected > 0 && expected / std::max(1, params.threads) >= double(from);
  };
  if (params.outcome_nodes_from > 0) params.outcome_nodes = trees_reach(params.outcome_nodes_from);
  if (params.minimax_from > 0 && !trees_reach(params.minimax_from)) params.minimax_weight = 0;
  // Outcome nodes are no choice to take the best of: the two do not combine (configs
  // refuse it; this covers settings made in code).
  if (params.outcome_nodes) params.minimax_weight = 0;
  const SearchContext context{&view, &sampler, &belief, &weights, &params};
  const auto start = std::chrono::steady_clock::now();
  const SearchResult result =
      search_.run(view.history(), view.side(), root_moves, context, seed, iterations, seconds, stop);
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (elapsed > 0 && result.iterations > 0) rate_ = double(result.iterations) / elapsed;
  return result;
}

SearchResult ismcts_search(const View& view, const Sampler& sampler, const Belief& belief, const eval::Weights& weights,
                           const IsmctsParams& params, int64_t iterations, double seconds, uint64_t seed) {
  IsmctsParams once = params;
  once.reuse_tree = false;
  return IsmctsSearch(once).run(view, sampler, belief, weights, iterations, seconds, seed);
}

}  // namespace junqi::search
