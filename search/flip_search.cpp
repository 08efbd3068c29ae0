#include "search/flip_search.h"

#include "search/flip_tree.h"

namespace junqi::search {

using namespace junqi::engine;

FlipSearch::FlipSearch(const IsmctsParams& params) : search_(params) {}
FlipSearch::~FlipSearch() = default;

void FlipSearch::clear() { search_.clear(); }

SearchResult FlipSearch::run(const FlipView& view, const eval::FlipWeights& weights, int64_t iterations,
                             double seconds, uint64_t seed, const std::atomic<bool>* stop) {
  MoveList root_moves;
  view.legal_moves(root_moves);
  const FlipContext context{&view, &weights, &search_.params()};
  return search_.run(view.history(), view.player(), root_moves, context, seed, iterations, seconds, stop);
}

}  // namespace junqi::search
