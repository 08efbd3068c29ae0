#pragma once
// What the dark game's ISMCTS (ismcts.h) and the flip game's (flip_search.h) share: trees
// that outlive one move, one per thread (root parallelism), the paired root with
// sequential halving cut on the threads' pooled statistics, and the root statistics
// summed over the trees into one SearchResult.
//
// A Tree has: a constructor from who moves at the root; advance(tokens of
// the public history since its root) -> bool, re-rooting there; root() and node(i), nodes
// with move, visits, reward and children, and valued_visits(node), the visits that set
// reward; root_children_for(moves); iterate_round(root children, budget); iterate();
// bind(context, seed) before each search.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <memory>
#include <span>
#include <thread>
#include <vector>

#include "engine/view.h"
#include "search/bot.h"
#include "search/ismcts_params.h"

namespace junqi::search {

namespace tree_search_detail {

using SteadyClock = std::chrono::steady_clock;

// Iterations of thread t when `iterations` (if > 0) are split between `threads`.
inline int64_t share_of(int64_t iterations, int threads, int t) {
  return iterations > 0 ? (iterations + threads - 1 - t) / threads : INT64_MAX;
}

// Runs work(t) for every tree: trees 1.. on threads of their own, tree 0 on this one.
// Not oneTBB's workers: the tournament runner caps oneTBB at the games it runs at once,
// and a task no worker picks up runs inside wait(), after tree 0's deadline, so the
// config's second thread searched nothing at a time budget. A thread per tree always
// runs; starting it costs microseconds against a search of milliseconds.
template <class Work>
void for_each_tree(int threads, const Work& work) {
  std::vector<std::exception_ptr> errors(size_t(std::max(1, threads)));
  {
    std::vector<std::jthread> helpers;
    for (int t = 1; t < threads; ++t)
      helpers.emplace_back([&work, &errors, t] {
        try {
          work(t);
        } catch (...) {
          errors[size_t(t)] = std::current_exception();
        }
      });
    work(0);
  }  // joins the helpers
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
}

// The mean value of each move over all trees (their valued iterations summed).
template <class Tree>
double pooled_mean(const std::vector<std::unique_ptr<Tree>>& trees, const std::vector<std::vector<int>>& ids,
                   size_t k) {
  double reward = 0;
  int64_t valued = 0;
  for (size_t t = 0; t < trees.size(); ++t) {
    const auto& child = trees[t]->node(ids[t][k]);
    reward += child.reward;
    valued += valued_visits(child);
  }
  return valued ? reward / double(valued) : 0.5;
}

// Sequential halving over the paired root: the budget (iterations or time) in equal
// phases; after each phase the worse half of the root moves is dropped, so the budget
// goes where the decision is made. The trees grow apart, but each cut is made on their
// pooled root statistics, as one search with all threads' samples would make it.
// Returns the moves left at the end.
template <class Tree>
std::vector<engine::Move> pooled_halving(const std::vector<std::unique_ptr<Tree>>& trees,
                                         std::vector<engine::Move> active, bool halving, int64_t iterations,
                                         double seconds, SteadyClock::time_point deadline,
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
      Tree& tree = *trees[size_t(t)];
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
    std::vector<engine::Move> kept;
    for (size_t k = 0; k < (active.size() + 1) / 2; ++k) kept.push_back(active[order[k]]);
    active = kept;
  }
  return active;
}

}  // namespace tree_search_detail

// Makes node `at` of a tree the root, keeping its subtree and dropping the rest: the
// subtree copied breadth first into a fresh vector, the new root first, children
// renumbered as they are copied.
template <class Node>
void keep_subtree(std::vector<Node>& nodes, int at) {
  std::vector<Node> kept;
  kept.push_back(std::move(nodes[size_t(at)]));
  for (size_t i = 0; i < kept.size(); ++i)
    for (int& c : kept[i].children) {
      kept.push_back(std::move(nodes[size_t(c)]));
      c = int(kept.size()) - 1;
    }
  nodes = std::move(kept);
}

// The trees of one bot's searches, one per thread, kept from move to move.
template <class Tree>
class TreeSearch {
 public:
  explicit TreeSearch(const IsmctsParams& params) : params_(params) {}

  const IsmctsParams& params() const { return params_; }
  void clear() {
    trees_.clear();
    history_.clear();
  }

  // Searches the position after `history` (`owner` to move; `root_moves` its legal
  // moves) until `iterations` (if > 0) or `seconds` (if > 0) are spent, or *stop is set.
  // The trees start from the old ones advanced along the history since the last search
  // (with reuse_tree) or afresh, each bound to `context` with its own random stream.
  template <class Owner, class Context>
  SearchResult run(const std::vector<engine::Token>& history, Owner owner,
                   std::span<const engine::Move> root_moves, const Context& context, uint64_t seed,
                   int64_t iterations, double seconds, const std::atomic<bool>* stop) {
    using namespace tree_search_detail;
    const int threads = std::max(1, params_.threads);
    if (iterations <= 0 && seconds <= 0) iterations = 1;  // no limit at all would never end
    const SteadyClock::time_point deadline =
        SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(
                                 std::chrono::duration<double>(seconds > 0 ? seconds : 1e9));
    // Without reuse the last search cleared history_ and trees_: a fresh start either way.
    const bool extends = history_.size() <= history.size() &&
                         std::equal(history_.begin(), history_.end(), history.begin());
    const std::span<const engine::Token> since(history.data() + history_.size(), history.size() - history_.size());
    if (!extends) trees_.clear();
    trees_.resize(size_t(threads));
    history_ = history;

    std::vector<int64_t> visits_before(static_cast<size_t>(threads));
    for (int t = 0; t < threads; ++t) {
      auto& tree = trees_[size_t(t)];
      if (!tree || !tree->advance(since)) tree = std::make_unique<Tree>(owner);
      tree->bind(context, seed + uint64_t(t) * 0x9E3779B97F4A7C15ull);
      visits_before[size_t(t)] = tree->root().visits;
    }
    std::vector<engine::Move> finalists;  // paired root: the moves left after halving, in every tree
    if (params_.paired_root) {
      finalists = pooled_halving(trees_, std::vector<engine::Move>(root_moves.begin(), root_moves.end()),
                                 params_.halving, iterations, seconds, deadline, stop);
    } else {
      for_each_tree(threads, [&](int t) {
        for (int64_t i = 0; i < share_of(iterations, threads, t); ++i) {
          if ((i & 31) == 0 && ((seconds > 0 && SteadyClock::now() >= deadline) || stop_requested(stop))) break;
          trees_[size_t(t)]->iterate();
        }
      });
    }
    SearchResult result = root_result(root_moves, finalists, visits_before);
    if (!params_.reuse_tree) clear();  // nothing to keep
    return result;
  }

 private:
  // The root statistics summed over the trees, best first: the most visited move, or
  // with a paired root the best mean among the moves that survived halving; visit counts
  // there differ only by where the budget ran out inside a round.
  SearchResult root_result(std::span<const engine::Move> root_moves, const std::vector<engine::Move>& finalists,
                           const std::vector<int64_t>& visits_before) const {
    SearchResult result;
    for (size_t t = 0; t < trees_.size(); ++t) {
      const Tree& tree = *trees_[t];
      result.iterations += tree.root().visits - visits_before[t];  // every iteration passes the root
      result.reused_visits += visits_before[t];
      for (int c : tree.root().children) {
        const auto& child = tree.node(c);
        // A reused root can hold moves of a line no longer possible (a piece lost since).
        if (std::find(root_moves.begin(), root_moves.end(), child.move) == root_moves.end()) continue;
        const bool finalist = std::find(finalists.begin(), finalists.end(), child.move) != finalists.end();
        auto it = std::find_if(result.root.begin(), result.root.end(),
                               [&](const RootStats& s) { return s.move == child.move; });
        if (it == result.root.end()) it = result.root.insert(result.root.end(), {child.move, 0, 0, 0, 0.0});
        it->finalist += finalist;
        const int64_t valued = valued_visits(child);
        if (valued) it->mean = (it->mean * double(it->valued) + child.reward) / double(it->valued + valued);
        it->valued += valued;
        it->visits += child.visits;
      }
    }
    const bool paired = params_.paired_root;
    std::sort(result.root.begin(), result.root.end(), [&](const RootStats& a, const RootStats& b) {
      const int64_t ka = paired ? a.finalist : a.visits, kb = paired ? b.finalist : b.visits;
      return ka != kb ? ka > kb : a.mean > b.mean;
    });
    if (!result.root.empty()) {
      result.best = result.root.front().move;
      result.winrate = result.root.front().mean;
    }
    return result;
  }

  IsmctsParams params_;
  std::vector<std::unique_ptr<Tree>> trees_;  // one per thread
  std::vector<engine::Token> history_;        // the history at the last search
};

}  // namespace junqi::search
