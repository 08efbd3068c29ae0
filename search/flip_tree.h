#pragma once
// The tree of one flip-game ISMCTS search thread (flip_search.h).
//
// Both players know the same in the flip game — the face-up pieces and the multiset of
// the face-down ones — so a node, keyed by the public history from the root, is both
// players' information set, and its legal actions are the same in every world
// consistent with it: plain UCB1 over them, no availability counts, no disguises.
//
// A flip is a chance event. Its action node (chosen by UCB like any action) has one
// child per piece it has turned up; an iteration follows the child of the piece its
// world holds on that square, so the tree below a flip branches on what the flip
// revealed. Every iteration deals a fresh world from the view (FlipView::sample: the
// face-down pieces uniformly over the face-down squares), so each outcome is followed
// with its true probability, and no node's statistics depend on a face-down identity
// that was not turned up on the way to it.
//
// Every action starts from a prior: its exact one-ply value (flip_action_values.h, a
// flip's averaged over what it may turn up, so no hidden identity leaks in), counted as
// prior_visits visits. Means blend it with what the search finds, and searching
// outweighs it as visits grow. Without it a node's first visits would try replies at
// random, and a line that leaves a piece hanging would look safe until the one reply
// that takes it had been drawn; with it the most dangerous reply is tried first.

#include <cstdint>
#include <span>
#include <vector>

#include "engine/flip_game.h"
#include "engine/random.h"
#include "eval/flip_evaluation.h"
#include "search/ismcts_params.h"

namespace junqi::search {

struct FlipNode {
  engine::Move move = engine::kNullMove;      // the action that led here (an outcome node repeats its flip)
  engine::Piece revealed = engine::kNoPiece;  // an outcome node: the piece the flip turned up
  int player = 0;                             // who acted; rewards are from this player's point of view
  int64_t visits = 0;
  double prior = 0.5;         // the one-ply value of the action, for its player ...
  int64_t prior_visits = 0;   // ... counted as this many visits ...
  double reward = 0;          // ... and summed in here with the real values
  std::vector<int> children;  // a flip's action node: its outcomes; any other node: actions
  double mean() const { return visits + prior_visits ? reward / double(visits + prior_visits) : 0.5; }
};
// Every visit of a flip node learns: there is one perspective, shared by both players.
// The prior's visits set the mean as well.
inline int64_t valued_visits(const FlipNode& n) { return n.visits + n.prior_visits; }

// What one search reads; changes from move to move while a tree lives on.
struct FlipContext {
  const engine::FlipView* view;
  const eval::FlipWeights* weights;
  const IsmctsParams* params;
};

class FlipTree {
 public:
  // A fresh tree for `player` to act at the root.
  explicit FlipTree(int player);

  // Must precede iterating, for every search: the view of that move and a fresh random
  // stream. The root's actions start from their priors, whatever they learnt before:
  // the paired root compares them on the same fresh worlds.
  void bind(const FlipContext& context, uint64_t seed);

  // One iteration: a fresh world, the tree walked from the root.
  void iterate();
  // One round of the paired root: a fresh world in which every given root child gets
  // one iteration (at most `budget`); returns how many were done.
  int64_t iterate_round(const std::vector<int>& root_children, int64_t budget);
  // The root's children for these actions, grown where missing.
  std::vector<int> root_children_for(std::span<const engine::Move> actions);
  // Makes the node the public history since the root leads to (a flip through the
  // outcome of the piece it turned up) the new root, dropping the rest. False, leaving
  // the tree as it was, if the tree never grew that line.
  bool advance(std::span<const engine::Token> since_root);

  const FlipNode& root() const { return nodes_[0]; }
  const FlipNode& node(int i) const { return nodes_[size_t(i)]; }
  size_t size() const { return nodes_.size(); }

 private:
  int add_child(int node, engine::Move m, engine::Piece revealed, int player);
  double root_prior(engine::Move m) const;
  void start_from(FlipNode& action, double prior) const;
  int find_child(int node, engine::Move m, engine::Piece revealed) const;
  int play(int action, engine::FlipPosition& world);
  void descend(engine::FlipPosition& world, int node, int plies);
  int select(int node, const engine::FlipPosition& world);
  void expand(int node, const engine::FlipPosition& world);

  FlipContext ctx_{};
  engine::Rng rng_{1};
  std::vector<FlipNode> nodes_;
  std::vector<int> path_;
  engine::MoveList legal_;  // of the world at the node being walked
  engine::MoveList root_actions_;
  std::vector<double> root_prior_;  // of root_actions_, in their order
};

}  // namespace junqi::search
