#pragma once
// ISMCTS for the flip game (翻棋): one tree per thread over the public history (the
// tree and the chance nodes of flips: flip_tree.h), each iteration in a fresh world
// dealt from the view, rollouts and the flip evaluation at the leaves; the paired root,
// sequential halving, threads and tree reuse of the dark game's search (tree_search.h).

#include <atomic>
#include <cstdint>

#include "engine/flip_game.h"
#include "eval/flip_evaluation.h"
#include "search/ismcts_params.h"
#include "search/tree_search.h"

namespace junqi::search {

class FlipTree;

class FlipSearch {
 public:
  explicit FlipSearch(const IsmctsParams& params);
  ~FlipSearch();
  FlipSearch(const FlipSearch&) = delete;
  FlipSearch& operator=(const FlipSearch&) = delete;

  // Searches until `iterations` (if > 0) or `seconds` (if > 0) are spent — whichever
  // comes first — or until *stop (if given) is set by another thread.
  SearchResult run(const engine::FlipView& view, const eval::FlipWeights& weights, int64_t iterations, double seconds,
                   uint64_t seed, const std::atomic<bool>* stop = nullptr);
  void clear();  // forget the trees (a new game)

 private:
  TreeSearch<FlipTree> search_;
};

}  // namespace junqi::search
