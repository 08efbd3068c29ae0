#pragma once
// Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).
//
// One tree over our information sets: nodes are keyed by the moves played (from-to),
// which both players observe. Each iteration draws a fresh determinization of the
// enemy's hidden pieces from the exact sampler, walks the tree choosing among the
// children whose moves are legal in that world (UCB1 with availability counts: a child
// is scored against the number of times it was available, not its parent's visits),
// expands one untried move, finishes with a depth-limited random rollout and the leaf
// evaluation, and backs the value up from each mover's point of view.
//
// Hidden information on both sides. A plain single-observer search would let the enemy's
// simulated choices exploit OUR true identities (its tree statistics would learn which
// of our pieces are weak). Here iterations split between two perspectives: in ours,
// the world is a determinization of the enemy's pieces with ours as they are, and only
// the nodes of our moves learn from the result; in the enemy's, our pieces are also
// re-drawn from what the enemy can know of them (Belief::enemy_view_of_us, given the
// enemy types of that world), and only the nodes of enemy moves learn. Each side's
// statistics are thus built only from worlds consistent with that side's information
// (in the spirit of MO-ISMCTS, with one shared tree of public move sequences), while
// selection always uses both.
//
// Threads: root parallelism — each thread grows its own tree from the same root with
// its own random stream, and the root statistics are summed. There is no shared state
// while searching, so iterations/s scale with cores; with the paired root the threads
// meet only between halving phases, where the cut is made on their pooled statistics
// (tree_search.h, which the flip game's search shares).

#include <atomic>
#include <cstdint>

#include "engine/view.h"
#include "eval/evaluation.h"
#include "search/belief.h"
#include "search/ismcts_params.h"
#include "search/sampler.h"
#include "search/tree_search.h"

namespace junqi::search {

class IsmctsTree;

// A search whose trees outlive one move. With reuse_tree, each search starts from the
// node of the previous search's tree that the public moves played since lead to (our
// move, the enemy's reply): the statistics grown there for that line are kept and the
// rest of the tree is dropped (with outcome_nodes, only the branch of the outcomes the
// fights had). Those statistics came from worlds drawn before the moves' fights were
// seen, so they are a head start, not exact: the new search samples from
// the new belief and soon outweighs them. Anything else (a new game, a history that
// does not extend the last one, a line the tree never grew) starts a fresh tree.
class IsmctsSearch {
 public:
  explicit IsmctsSearch(const IsmctsParams& params);
  ~IsmctsSearch();
  IsmctsSearch(const IsmctsSearch&) = delete;
  IsmctsSearch& operator=(const IsmctsSearch&) = delete;

  // Searches until `iterations` (if > 0) or the deadline (if set) — whichever comes first
  // — or until *stop (if given) is set by another thread.
  SearchResult run(const engine::View& view, const Sampler& sampler, const Belief& belief,
                   const eval::Weights& weights, int64_t iterations, double seconds, uint64_t seed,
                   const std::atomic<bool>* stop = nullptr);
  void clear();  // forget the trees (a new game)

 private:
  TreeSearch<IsmctsTree> search_;
  double rate_ = 0;  // iterations per second of the last search: a time budget in iterations
};

// One search from scratch (IsmctsSearch without a past).
SearchResult ismcts_search(const engine::View& view, const Sampler& sampler, const Belief& belief,
                           const eval::Weights& weights, const IsmctsParams& params, int64_t iterations,
                           double seconds, uint64_t seed);

}  // namespace junqi::search
