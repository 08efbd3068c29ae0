#include "search/ismcts.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <tbb/task_group.h>

#include "engine/game_end.h"
#include "search/rollout.h"

namespace junqi::search {

using namespace junqi::engine;

namespace {

using SteadyClock = std::chrono::steady_clock;

struct Node {
  Move move = kNullMove;  // the move that led here
  Color mover = kRed;     // who played it; rewards are from this side's point of view
  int64_t visits = 0, available = 0;
  int64_t valued = 0;  // iterations of the mover's own perspective, which alone set reward
  double reward = 0;
  double mean() const { return valued ? reward / double(valued) : 0.5; }
  std::vector<int> children;
};

// Moves as a set, indexed from * 64 + to; cleared again after each use.
class MoveSet {
 public:
  void insert(Move m) { bits_[index(m) >> 6] |= uint64_t(1) << (index(m) & 63); }
  bool erase(Move m) {  // true if it was there
    const uint64_t bit = uint64_t(1) << (index(m) & 63);
    const bool had = bits_[index(m) >> 6] & bit;
    bits_[index(m) >> 6] &= ~bit;
    return had;
  }

 private:
  static int index(Move m) { return from_sq(m) * 64 + to_sq(m); }
  std::array<uint64_t, 64> bits_{};
};

class Tree {
 public:
  Tree(const View& view, const Sampler& sampler, const Belief& belief, const eval::Weights& weights,
       const IsmctsParams& params, uint64_t seed)
      : view_(view), sampler_(sampler), belief_(belief), weights_(weights), params_(params), rng_(seed) {
    nodes_.push_back(Node{kNullMove, ~view.side(), 0, 0, 0, 0.0, {}});
  }

  // One iteration: a fresh world, the tree walked from the root.
  void iterate() {
    Position world;
    const Color learner = draw_world(world);
    path_.assign(1, 0);
    descend(world, learner, 0);
  }

  // One round of the paired root: a fresh world in which every root move gets one
  // iteration, so root moves are compared on the same worlds (as flat Monte Carlo does)
  // while the tree below each one models the replies. At most `budget` iterations;
  // returns how many were done.
  int64_t iterate_round(const std::vector<int>& root_children, int64_t budget) {
    Position world;
    const Color learner = draw_world(world);
    int64_t done = 0;
    Position::Undo undo;
    for (int c : root_children) {
      if (done == budget) break;
      if (!is_legal(world, nodes_[c].move)) continue;  // a disguise can make our move impossible
      Position w = world;
      w.make(nodes_[c].move, undo);
      path_.assign({0, c});
      descend(w, learner, c);
      ++done;
    }
    return done;
  }

 private:
  // Samples a world; a share of the draws (enemy_share) learn for the enemy, in a world
  // where our pieces are disguised. Returns who learns from it.
  Color draw_world(Position& world) {
    std::array<PieceType, Belief::kPieces> types;
    sampler_.sample(rng_, types);
    world = determinize(view_, belief_, types);
    const Color us = view_.side();
    const bool enemy_turn = params_.enemy_share > 0 && double(rng_.next() >> 11) * 0x1.0p-53 < params_.enemy_share;
    return enemy_turn && disguise_own(world, types) ? ~us : us;
  }

  int add_child(int node, Move m, Color mover) {
    nodes_.push_back(Node{m, mover, 0, 1, 0, 0.0, {}});
    nodes_[node].children.push_back(int(nodes_.size()) - 1);
    return int(nodes_.size()) - 1;
  }

  // Walks down from `node` (world is its position, path_ ends with it), expands, rolls
  // out and backs the value up along path_.
  void descend(Position& world, Color learner, int node) {
    const Color us = view_.side();
    double value = -1;
    MoveList list;
    Position::Undo undo;
    while (true) {
      const GameStatus status = status_without_movegen(world);
      const int plies = int(path_.size()) - 1;  // from the searched position
      if (status.over()) {
        value = terminal_value(status, us, plies);
        break;
      }
      generate(world, list);
      if (list.size == 0) {
        value = win_value(world.side_to_move() != us, plies);
        break;
      }
      // In a disguised world our pieces are not ours: our moves there may only follow
      // children grown from true worlds, never add new ones.
      const bool may_expand = learner == us || world.side_to_move() != us;
      const int next = select_or_expand(node, list, world.side_to_move(), may_expand);
      if (next < 0) break;  // no child of ours is possible in this disguise: roll out
      world.make(nodes_[next].move, undo);
      path_.push_back(next);
      if (nodes_[next].visits == 0) break;  // just expanded: roll out from here
      node = next;
    }
    if (value < 0) value = rollout(world, us, params_.rollout_depth, rng_, weights_, int(path_.size()) - 1);
    for (int n : path_) {
      Node& visited = nodes_[n];
      visited.visits++;
      if (visited.mover != learner) continue;
      visited.valued++;
      visited.reward += visited.mover == us ? value : 1.0 - value;
    }
  }

 public:
  const Node& root() const { return nodes_[0]; }

  // Grows the root's children for the paired root; returns their node ids.
  std::vector<int> expand_root(const MoveList& moves) {
    for (Move m : moves) add_child(0, m, view_.side());
    return nodes_[0].children;
  }

  // Re-draws the types of our living pieces from what the enemy could know of them in
  // this world (its own types fixed by the determinization): each piece, most
  // constrained first, takes a uniformly chosen type its public facts allow and the
  // counts still have. An approximate sample (not weighted by completions), which is
  // enough for a model of the enemy's uncertainty; false if it gets stuck.
  bool disguise_own(Position& world, const std::array<PieceType, Belief::kPieces>& enemy_types) {
    std::array<TypeMask, Belief::kPieces> masks;
    belief_.enemy_view_of_us(enemy_types, masks);
    std::array<int, Belief::kPieces> order;
    for (int i = 0; i < Belief::kPieces; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](int a, int b) { return std::popcount(masks[a]) < std::popcount(masks[b]); });
    std::array<PieceType, Belief::kPieces> drawn;
    for (int attempt = 0; attempt < 8; ++attempt) {
      int left[kPieceTypes];
      std::copy(std::begin(kPieceCount), std::end(kPieceCount), left);
      bool stuck = false;
      for (int id : order) {
        PieceType options[kPieceTypes];
        int n = 0;
        for (int t = 0; t < kPieceTypes; ++t)
          if ((masks[id] & type_bit(PieceType(t))) && left[t] > 0) options[n++] = PieceType(t);
        if (n == 0) {
          stuck = true;
          break;
        }
        drawn[id] = options[rng_.below(uint64_t(n))];
        --left[drawn[id]];
      }
      if (stuck) continue;
      const Color us = view_.side();
      for (int id = 0; id < Belief::kPieces; ++id) {
        const Square s = belief_.own_pieces()[id].square;
        if (s == kNoSquare) continue;
        world.remove_piece(s);
        world.put_piece(s, make_piece(us, drawn[id]));
      }
      return true;
    }
    return false;
  }
  const Node& node(int i) const { return nodes_[i]; }

 private:
  // Counts availability of the children legal in this world; expands one untried legal
  // move if there is any (and expansion is allowed), else picks the available child with
  // the best UCB score; -1 if there is none.
  int select_or_expand(int node, const MoveList& list, Color mover, bool may_expand) {
    for (Move m : list) legal_.insert(m);
    int best = -1;
    double best_score = -1;
    for (int c : nodes_[node].children) {
      Node& child = nodes_[c];
      if (!legal_.erase(child.move)) continue;
      ++child.available;
      const double score = child.mean() +
                           params_.exploration * std::sqrt(std::log(double(child.available)) / double(child.visits));
      if (score > best_score) best_score = score, best = c;
    }
    untried_.clear();
    for (Move m : list)
      if (legal_.erase(m)) untried_.push_back(m);
    if (untried_.empty() || !may_expand) return best;
    return add_child(node, untried_[rng_.below(untried_.size())], mover);
  }

  const View& view_;
  const Sampler& sampler_;
  const Belief& belief_;
  const eval::Weights& weights_;
  const IsmctsParams& params_;
  Rng rng_;
  std::vector<Node> nodes_;
  std::vector<int> path_;
  std::vector<Move> untried_;
  MoveSet legal_;
};

}  // namespace

SearchResult ismcts_search(const View& view, const Sampler& sampler, const Belief& belief, const eval::Weights& weights,
                           const IsmctsParams& params, int64_t iterations, double seconds, uint64_t seed) {
  const int threads = std::max(1, params.threads);
  if (iterations <= 0 && seconds <= 0) iterations = 1;  // no limit at all would never end
  const auto deadline = SteadyClock::now() + std::chrono::duration<double>(seconds > 0 ? seconds : 1e9);
  std::vector<std::unique_ptr<Tree>> trees(threads);
  std::vector<std::vector<int>> finalists(threads);  // paired root: the moves left after halving
  auto grow = [&](int t) {
    trees[t] = std::make_unique<Tree>(view, sampler, belief, weights, params, seed + uint64_t(t) * 0x9E3779B97F4A7C15ull);
    const int64_t share = iterations > 0 ? (iterations + threads - 1 - t) / threads : INT64_MAX;
    if (params.paired_root) {
      MoveList root_moves;
      view.legal_moves(root_moves);
      std::vector<int> active = trees[t]->expand_root(root_moves);
      // Sequential halving: the budget (iterations or time) in equal phases; after each
      // phase the worse half of the root moves by mean value is dropped, so the budget
      // goes where the decision is made.
      int phases = 1;
      while (params.halving && (size_t(1) << phases) < active.size()) ++phases;
      const auto start = SteadyClock::now();
      int64_t i = 0;
      for (int phase = 0; phase < phases; ++phase) {
        const int64_t phase_end = share == INT64_MAX ? share : share * (phase + 1) / phases;
        const auto phase_deadline = seconds > 0 ? start + (deadline - start) * (phase + 1) / phases : deadline;
        while (i < phase_end && !(seconds > 0 && SteadyClock::now() >= phase_deadline))
          i += std::max<int64_t>(1, trees[t]->iterate_round(active, phase_end - i));
        if (phase + 1 == phases) break;
        std::sort(active.begin(), active.end(),
                  [&](int a, int b) { return trees[t]->node(a).mean() > trees[t]->node(b).mean(); });
        active.resize((active.size() + 1) / 2);
      }
      finalists[t] = active;
      return;
    }
    for (int64_t i = 0; i < share; ++i) {
      if ((i & 31) == 0 && seconds > 0 && SteadyClock::now() >= deadline) break;
      trees[t]->iterate();
    }
  };
  // Trees 1.. go to oneTBB's workers; this thread grows tree 0 meanwhile.
  tbb::task_group group;
  for (int t = 1; t < threads; ++t) group.run([&grow, t] { grow(t); });
  grow(0);
  group.wait();
  SearchResult result;
  for (int t = 0; t < threads; ++t) {
    result.iterations += trees[t]->root().visits;  // every iteration passes the root
    for (int c : trees[t]->root().children) {
      const Node& child = trees[t]->node(c);
      const bool finalist = std::find(finalists[t].begin(), finalists[t].end(), c) != finalists[t].end();
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
  // survived halving (in the most trees); visit counts there differ only by where the
  // budget ran out inside a round.
  std::sort(result.root.begin(), result.root.end(), [&](const RootStats& a, const RootStats& b) {
    const int64_t ka = params.paired_root ? a.finalist : a.visits, kb = params.paired_root ? b.finalist : b.visits;
    return ka != kb ? ka > kb : a.mean > b.mean;
  });
  if (!result.root.empty()) {
    result.best = result.root.front().move;
    result.winrate = result.root.front().mean;
  }
  return result;
}

}  // namespace junqi::search
