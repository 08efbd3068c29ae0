#pragma once
// The tree of one ISMCTS search thread (the algorithm is described in ismcts.h): nodes
// keyed by the public move sequence from the root, the iteration that samples a world
// and walks, expands, rolls out and backs up, and the re-rooting that carries a subtree
// over to the next move.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/random.h"
#include "engine/view.h"
#include "eval/evaluation.h"
#include "search/belief.h"
#include "search/ismcts.h"
#include "search/sampler.h"

namespace junqi::search {

struct IsmctsNode {
  engine::Move move = engine::kNullMove;  // the move that led here
  engine::Color mover = engine::kRed;     // who played it; rewards are from this side's point of view
  int64_t visits = 0, available = 0;
  int64_t valued = 0;  // iterations of the mover's own perspective, which alone set reward
  double reward = 0;
  double mean() const { return mean_or(0.5); }
  double mean_or(double unvalued) const { return valued ? reward / double(valued) : unvalued; }
  // What a child of this node not yet valued scores as its mean (IsmctsParams::parent_fpu):
  // this node's value for the children's mover, the other side (a side with no move has
  // lost), or an even 0.5.
  double first_play_value(bool parent_fpu) const { return parent_fpu && valued ? 1.0 - mean() : 0.5; }
  std::vector<int> children;
  // kQuiet for a move node; for an outcome node (IsmctsParams::outcome_nodes), the child
  // of a fight's move node, the outcome the fight had. It repeats its parent's move and
  // mover, and its children are the next side's moves.
  engine::Outcome outcome = engine::Outcome::kQuiet;
  // Implicit minimax (IsmctsParams::minimax_weight), values for the searching side: the
  // evaluations of the worlds this node was reached in (in our own perspective), and the
  // minimax of its children's values, or its own average evaluation while no child has
  // one (back_up_minimax).
  double eval_sum = 0;
  int64_t evals = 0;
  double minimax = 0.5;
  // The minimax value for this node's mover.
  double minimax_for_mover(engine::Color us) const { return mover == us ? minimax : 1.0 - minimax; }
};
inline int64_t valued_visits(const IsmctsNode& n) { return n.valued; }

// What one search reads: the position's information and the search settings. Changes
// from move to move while a tree lives on.
struct SearchContext {
  const engine::View* view;
  const Sampler* sampler;
  const Belief* belief;
  const eval::Weights* weights;
  const IsmctsParams* params;
};

// The legal moves of one world as a destination set per origin square, straight from
// the move generator's bitboards: children are ticked off in O(1) each and what is left
// are the untried moves, with no move list built and no scattered bit updates (building
// a list and a move set cost as much as the rest of a tree step).
class LegalMoves {
 public:
  void fill(const engine::Position& pos);
  int size() const { return total_; }
  // True if m is among the moves left, which it then leaves.
  bool take(engine::Move m);
  // The k-th move left (0 <= k < size()), in square order.
  engine::Move nth(int k) const;
  // A move left that goes to a square of `targets`, or kNullMove if there is none.
  engine::Move to_any(engine::Bitboard64 targets) const;
  // The moves left, as a list (for choosing among them by a policy).
  void list(engine::MoveList& out) const;

 private:
  engine::Bitboard64 from_ = 0;
  int total_ = 0;
  std::array<engine::Bitboard64, 64> to_;
};

class IsmctsTree {
 public:
  // A fresh tree for `us` to move at the root.
  explicit IsmctsTree(engine::Color us);

  // Must precede iterating, for every search: the view and belief of that move, and a
  // fresh random stream.
  void bind(const SearchContext& context, uint64_t seed) {
    ctx_ = context;
    rng_ = engine::Rng(seed);
  }

  // One iteration: a fresh world, the tree walked from the root.
  void iterate();
  // One round of the paired root: a fresh world in which every given root child gets one
  // iteration, so root moves are compared on the same worlds (as flat Monte Carlo does)
  // while the tree below each one models the replies. At most `budget` iterations;
  // returns how many were done.
  int64_t iterate_round(const std::vector<int>& root_children, int64_t budget);

  // The root's children for these moves (the legal ones), grown where missing.
  std::vector<int> root_children_for(std::span<const engine::Move> moves);

  // Makes the node the moves lead to (tokens of the public history since the root;
  // reveals are skipped; below a fight, its outcome's node where the tree has outcome
  // nodes) the new root, keeping its subtree and statistics and dropping the rest. False,
  // leaving the tree as it was, if the tree never grew that line.
  bool advance(std::span<const engine::Token> since_root);

  const IsmctsNode& root() const { return nodes_[0]; }
  const IsmctsNode& node(int i) const { return nodes_[size_t(i)]; }
  size_t size() const { return nodes_.size(); }

 private:
  engine::Color draw_world(engine::Position& world);
  bool disguise_own(engine::Position& world, const std::array<engine::PieceType, Belief::kPieces>& enemy_types);
  int add_child(int node, engine::Move m, engine::Color mover);
  int outcome_child(int node, engine::Outcome outcome) const;
  int after_outcome(int node, engine::Outcome outcome);
  void descend(engine::Position& world, engine::Color learner, int node);
  void back_up_minimax();
  int select_or_expand(const engine::Position& world, int node, bool may_expand);
  engine::Move untried_move(const engine::Position& world);

  SearchContext ctx_{};
  engine::Rng rng_{1};
  std::vector<IsmctsNode> nodes_;
  std::vector<int> path_;
  LegalMoves legal_;  // of the world at the node being walked
};

}  // namespace junqi::search
