#include "search/ismcts.h"

#include <algorithm>
#include <chrono>
#include <tbb/task_group.h>

#include "search/bot.h"
#include "search/ismcts_tree.h"

namespace junqi::search {

using namespace junqi::engine;

namespace {

using SteadyClock = std::chrono::steady_clock;

// The tree to search from: the old one advanced along `since`, or a fresh one.
std::unique_ptr<IsmctsTree> tree_for(std::unique_ptr<IsmctsTree> old, std::span<const Token> since, Color us) {
  if (old && old->advance(since)) return old;
  return std::make_unique<IsmctsTree>(us);
}

// The mean value of each move over all trees (their own-perspective iterations summed).
double pooled_mean(const std::vector<std::unique_ptr<IsmctsTree>>& trees, const std::vector<std::vector<int>>& ids,
                   size_t k) {
  double reward = 0;
  int64_t valued = 0;
  for (size_t t = 0; t < trees.size(); ++t) {
    const IsmctsNode& child = trees[t]->node(ids[t][k]);
    reward += child.reward;
    valued += child.valued;
  }
  return valued ? reward / double(valued) : 0.5;
}

// Iterations of thread t when `iterations` (if > 0) are split between `threads`.
int64_t share_of(int64_t iterations, int threads, int t) {
  return iterations > 0 ? (iterations + threads - 1 - t) / threads : INT64_MAX;
}

// Runs work(t) for every tree: trees 1.. on oneTBB's workers, tree 0 on this thread.
template <class Work>
void for_each_tree(int threads, const Work& work) {
  tbb::task_group group;
  for (int t = 1; t < threads; ++t) group.run([&work, t] { work(t); });
  work(0);
  group.wait();
}

// Sequential halving over the paired root: the budget (iterations or time) in equal
// phases; after each phase the worse half of the root moves is dropped, so the budget
// goes where the decision is made. The trees grow apart, but each cut is made on their
// pooled root statistics, as one search with all threads' samples would make it.
// Returns the moves left at the end.
std::vector<Move> pooled_halving(const std::vector<std::unique_ptr<IsmctsTree>>& trees, std::vector<Move> active,
                                 bool halving, int64_t iterations, double seconds, SteadyClock::time_point deadline,
                                 const std::atomic<bool>* stop) {
  const int threads = int(trees.size());
  int phases = 1;
  while (halving && (size_t(1) << phases) < active.size()) ++phases;
  const auto start = SteadyClock::now();
  std::vector<int64_t> done(trees.size(), 0);
  std::vector<std::vector<int>> ids(trees.size());
  for (int phase = 0; phase < phases; ++phase) {
    const auto phase_deadline = seconds > 0 ? start + (deadline - start) * (phase + 1) / phases : deadline;
    for_each_tree(threads, [&](int t) {
      IsmctsTree& tree = *trees[size_t(t)];
      ids[size_t(t)] = tree.root_children_for(active);
      const int64_t share = share_of(iterations, threads, t);
      const int64_t end = share == INT64_MAX ? INT64_MAX : share * (phase + 1) / phases;
      int64_t& i = done[size_t(t)];
      while (i < end && !(seconds > 0 && SteadyClock::now() >= phase_deadline) && !stop_requested(stop))
        i += std::max<int64_t>(1, tree.iterate_round(ids[size_t(t)], end - i));
    });
    if (phase + 1 == phases || stop_requested(stop)) break;
    std::vector<size_t> order(active.size());
    std::vector<double> mean(active.size());
    for (size_t k = 0; k < active.size(); ++k) order[k] = k, mean[k] = pooled_mean(trees, ids, k);
    std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return mean[x] > mean[y]; });
    std::vector<Move> kept;
    for (size_t k = 0; k < (active.size() + 1) / 2; ++k) kept.push_back(active[order[k]]);
    active = kept;
  }
  return active;
}

}  // namespace

IsmctsSearch::IsmctsSearch(const IsmctsParams& params) : params_(params) {}
IsmctsSearch::~IsmctsSearch() = default;

void IsmctsSearch::clear() {
  trees_.clear();
  history_.clear();
}

SearchResult IsmctsSearch::run(const View& view, const Sampler& sampler, const Belief& belief,
                               const eval::Weights& weights, int64_t iterations, double seconds, uint64_t seed,
                               const std::atomic<bool>* stop) {
  const int threads = std::max(1, params_.threads);
  if (iterations <= 0 && seconds <= 0) iterations = 1;  // no limit at all would never end
  const SteadyClock::time_point deadline =
      SteadyClock::now() +
      std::chrono::duration_cast<SteadyClock::duration>(std::chrono::duration<double>(seconds > 0 ? seconds : 1e9));
  const auto& history = view.history();
  // Without reuse the last search cleared history_ and trees_: a fresh start either way.
  const bool extends = history_.size() <= history.size() &&
                       std::equal(history_.begin(), history_.end(), history.begin());
  const std::span<const Token> since(history.data() + history_.size(), history.size() - history_.size());
  if (!extends) trees_.clear();
  trees_.resize(size_t(threads));
  history_ = history;

  MoveList root_moves;
  view.legal_moves(root_moves);
  const SearchContext context{&view, &sampler, &belief, &weights, &params_};
  std::vector<int64_t> visits_before(static_cast<size_t>(threads));
  for (int t = 0; t < threads; ++t) {
    auto& tree = trees_[size_t(t)];
    tree = tree_for(std::move(tree), since, view.side());
    tree->bind(context, seed + uint64_t(t) * 0x9E3779B97F4A7C15ull);
    visits_before[size_t(t)] = tree->root().visits;
  }
  std::vector<Move> finalists;  // paired root: the moves left after halving, in every tree
  if (params_.paired_root) {
    finalists = pooled_halving(trees_, std::vector<Move>(root_moves.begin(), root_moves.end()), params_.halving,
                               iterations, seconds, deadline, stop);
  } else {
    for_each_tree(threads, [&](int t) {
      for (int64_t i = 0; i < share_of(iterations, threads, t); ++i) {
        if ((i & 31) == 0 && ((seconds > 0 && SteadyClock::now() >= deadline) || stop_requested(stop))) break;
        trees_[size_t(t)]->iterate();
      }
    });
  }

  SearchResult result;
  for (int t = 0; t < threads; ++t) {
    const IsmctsTree& tree = *trees_[size_t(t)];
    result.iterations += tree.root().visits - visits_before[size_t(t)];  // every iteration passes the root
    result.reused_visits += visits_before[size_t(t)];
    for (int c : tree.root().children) {
      const IsmctsNode& child = tree.node(c);
      // A reused root can hold moves of a line no longer possible (a piece lost since).
      if (std::find(root_moves.begin(), root_moves.end(), child.move) == root_moves.end()) continue;
      const bool finalist = std::find(finalists.begin(), finalists.end(), child.move) != finalists.end();
      auto it = std::find_if(result.root.begin(), result.root.end(), [&](const RootStats& s) { return s.move == child.move; });
      if (it == result.root.end()) it = result.root.insert(result.root.end(), {child.move, 0, 0, 0, 0.0});
      it->finalist += finalist;
      if (child.valued)
        it->mean = (it->mean * double(it->valued) + child.reward) / double(it->valued + child.valued);
      it->valued += child.valued;
      it->visits += child.visits;
    }
  }
  // The most visited move, or with a paired root the best mean among the moves that
  // survived halving; visit counts there differ only by where the budget ran out inside
  // a round.
  std::sort(result.root.begin(), result.root.end(), [&](const RootStats& a, const RootStats& b) {
    const int64_t ka = params_.paired_root ? a.finalist : a.visits, kb = params_.paired_root ? b.finalist : b.visits;
    return ka != kb ? ka > kb : a.mean > b.mean;
  });
  if (!result.root.empty()) {
    result.best = result.root.front().move;
    result.winrate = result.root.front().mean;
  }
  if (!params_.reuse_tree) clear();  // nothing to keep
  return result;
}

SearchResult ismcts_search(const View& view, const Sampler& sampler, const Belief& belief, const eval::Weights& weights,
                           const IsmctsParams& params, int64_t iterations, double seconds, uint64_t seed) {
  IsmctsParams once = params;
  once.reuse_tree = false;
  return IsmctsSearch(once).run(view, sampler, belief, weights, iterations, seconds, seed);
}

}  // namespace junqi::search
