#include "search/ismcts.h"

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
  const SearchContext context{&view, &sampler, &belief, &weights, &search_.params()};
  return search_.run(view.history(), view.side(), root_moves, context, seed, iterations, seconds, stop);
}

SearchResult ismcts_search(const View& view, const Sampler& sampler, const Belief& belief, const eval::Weights& weights,
                           const IsmctsParams& params, int64_t iterations, double seconds, uint64_t seed) {
  IsmctsParams once = params;
  once.reuse_tree = false;
  return IsmctsSearch(once).run(view, sampler, belief, weights, iterations, seconds, seed);
}

}  // namespace junqi::search
