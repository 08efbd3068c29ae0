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

// ln(n) for the availability counts of UCB: a libm call per child per visit was the
// largest single cost of selection (the score loop runs over every legal child), and
// counts past the table are rare (only near the root of long searches).
constexpr int kLogTableSize = 4096;
const std::array<double, kLogTableSize> kLogTable = [] {
  std::array<double, kLogTableSize> t{};
  for (int n = 1; n < kLogTableSize; ++n) t[n] = std::log(double(n));
  return t;
}();
double log_count(int64_t n) { return n < kLogTableSize ? kLogTable[size_t(n)] : std::log(double(n)); }

struct Node {
  Move move = kNullMove;  // the move that led here
  Color mover = kRed;     // who played it; rewards are from this side's point of view
  int64_t visits = 0, available = 0;
  int64_t valued = 0;  // iterations of the mover's own perspective, which alone set reward
  double reward = 0;
  double mean() const { return valued ? reward / double(valued) : 0.5; }
  std::vector<int> children;
};

// The legal moves of one world as a destination set per origin square, straight from
// the move generator's bitboards: children are ticked off in O(1) each and what is left
// are the untried moves, with no move list built and no scattered bit updates (building
// a list and a move set cost as much as the rest of a tree step).
class LegalMoves {
 public:
  void fill(const Position& pos) {
    from_ = movable_pieces(pos);
    total_ = 0;
    for (Bitboard64 p = from_; p;) {
      const Square s = pop_lsb(p);
      to_[s] = destinations(pos, s);
      total_ += popcount(to_[s]);
    }
  }
  int size() const { return total_; }
  // True if m is among the moves left, which it then leaves.
  bool take(Move m) {
    const Square from = from_sq(m);
    const Bitboard64 bit = square_bb(to_sq(m));
    if (!(from_ & square_bb(from)) || !(to_[from] & bit)) return false;
    to_[from] &= ~bit;
    --total_;
    return true;
  }
  // The k-th move left (0 <= k < size()), in square order.
  Move nth(int k) const {
    for (Bitboard64 p = from_;;) {
      const Square s = pop_lsb(p);
      const int n = popcount(to_[s]);
      if (k < n) {
        Bitboard64 t = to_[s];
        while (k-- > 0) t &= t - 1;
        return make_move(s, pop_lsb(t));
      }
      k -= n;
    }
  }

 private:
  Bitboard64 from_ = 0;
  int total_ = 0;
  std::array<Bitboard64, 64> to_;
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
    Position::Undo undo;
    while (true) {
      const GameStatus status = status_without_movegen(world);
      const int plies = int(path_.size()) - 1;  // from the searched position
      if (status.over()) {
        value = terminal_value(status, us, plies);
        break;
      }
      legal_.fill(world);
      if (legal_.size() == 0) {
        value = win_value(world.side_to_move() != us, plies);
        break;
      }
      // In a disguised world our pieces are not ours: our moves there may only follow
      // children grown from true worlds, never add new ones.
      const bool may_expand = learner == us || world.side_to_move() != us;
      const int next = select_or_expand(node, world.side_to_move(), may_expand);
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
  // Counts availability of the children legal in this world (legal_); expands one
  // untried legal move if there is any (and expansion is allowed), else picks the
  // available child with the best UCB score; -1 if there is none.
  int select_or_expand(int node, Color mover, bool may_expand) {
    int best = -1;
    double best_score = -1;
    for (int c : nodes_[node].children) {
      Node& child = nodes_[c];
      if (!legal_.take(child.move)) continue;
      ++child.available;
      const double score = child.mean() +
                           params_.exploration * std::sqrt(log_count(child.available) / double(child.visits));
      if (score > best_score) best_score = score, best = c;
    }
    if (legal_.size() == 0 || !may_expand) return best;
    return add_child(node, legal_.nth(int(rng_.below(uint64_t(legal_.size())))), mover);
  }

  const View& view_;
  const Sampler& sampler_;
  const Belief& belief_;
  const eval::Weights& weights_;
  const IsmctsParams& params_;
  Rng rng_;
  std::vector<Node> nodes_;
  std::vector<int> path_;
  LegalMoves legal_;  // of the world at the node being walked
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
