#include "search/flip_tree.h"

#include <algorithm>
#include <cmath>

#include "search/rollout.h"
#include "search/tree_search.h"

namespace junqi::search {

using namespace junqi::engine;

FlipTree::FlipTree(int player) { nodes_.push_back(FlipNode{kNullMove, kNoPiece, 1 - player, 0, 0.0, {}}); }

void FlipTree::iterate() {
  FlipPosition world = ctx_.view->sample(rng_);
  path_.assign(1, 0);
  descend(world, 0, 0);
}

int64_t FlipTree::iterate_round(const std::vector<int>& root_children, int64_t budget) {
  const FlipPosition world = ctx_.view->sample(rng_);
  int64_t done = 0;
  for (int c : root_children) {
    if (done == budget) break;
    FlipPosition w = world;
    path_.assign(1, 0);
    descend(w, play(c, w), 1);
    ++done;
  }
  return done;
}

std::vector<int> FlipTree::root_children_for(std::span<const Move> actions) {
  std::vector<int> ids;
  for (Move m : actions) {
    const int c = find_child(0, m, kNoPiece);
    ids.push_back(c >= 0 ? c : add_child(0, m, kNoPiece, ctx_.view->player()));
  }
  return ids;
}

bool FlipTree::advance(std::span<const Token> since_root) {
  int at = 0;
  for (const Token& t : since_root) {
    at = find_child(at, t.move, kNoPiece);
    if (at >= 0 && t.kind == Token::Kind::kFlip) at = find_child(at, t.move, t.piece);
    if (at < 0) return false;
  }
  if (at == 0) return true;
  keep_subtree(nodes_, at);
  nodes_[0].move = kNullMove;
  nodes_[0].revealed = kNoPiece;
  // The root's actions start even, as in the dark game's tree: the paired root compares
  // them on the same fresh worlds. What is kept is the tree below them.
  for (int c : nodes_[0].children) nodes_[size_t(c)].visits = 0, nodes_[size_t(c)].reward = 0;
  return true;
}

int FlipTree::add_child(int node, Move m, Piece revealed, int player) {
  nodes_.push_back(FlipNode{m, revealed, player, 0, 0.0, {}});
  nodes_[size_t(node)].children.push_back(int(nodes_.size()) - 1);
  return int(nodes_.size()) - 1;
}

int FlipTree::find_child(int node, Move m, Piece revealed) const {
  for (int c : nodes_[size_t(node)].children)
    if (nodes_[size_t(c)].move == m && nodes_[size_t(c)].revealed == revealed) return c;
  return -1;
}

// Plays the action of node `action` in world and puts it on path_; a flip goes on to
// the outcome of the piece the world holds there (grown if new). Returns the node the
// world now stands at.
int FlipTree::play(int action, FlipPosition& world) {
  const Move m = nodes_[size_t(action)].move;
  path_.push_back(action);
  FlipPosition::Undo undo;
  if (!is_flip(m)) {
    world.make(m, undo);
    return action;
  }
  const Piece turned = world.board().piece_on(from_sq(m));
  world.make(m, undo);
  int outcome = find_child(action, m, turned);
  if (outcome < 0) outcome = add_child(action, m, turned, nodes_[size_t(action)].player);
  path_.push_back(outcome);
  return outcome;
}

// Walks down from `node` (world is its position, path_ ends with it, `plies` actions
// from the root) while nodes have been visited, expanding one new action, then rolls
// out and backs the value up along path_.
void FlipTree::descend(FlipPosition& world, int node, int plies) {
  const int me = ctx_.view->player();
  double value = -1;
  while (node == 0 || nodes_[size_t(node)].visits > 0) {
    const GameStatus status = status_without_movegen(world);
    if (status.over()) {
      value = flip_terminal_value(world, status, me, plies);
      break;
    }
    generate(world, legal_);
    if (legal_.size == 0) {
      value = win_value(world.player_to_move() != me, plies);
      break;
    }
    node = play(select_or_expand(node, world.player_to_move()), world);
    ++plies;
  }
  if (value < 0) value = rollout(world, me, ctx_.params->rollout, rng_, *ctx_.weights, plies);
  for (int n : path_) {
    FlipNode& visited = nodes_[size_t(n)];
    visited.visits++;
    visited.reward += visited.player == me ? value : 1.0 - value;
  }
}

// An action not tried yet at `node` (legal_ holds its actions, the same in every world),
// drawn uniformly; once all are tried, the child with the best UCB1 score.
int FlipTree::select_or_expand(int node, int mover) {
  const std::vector<int>& children = nodes_[size_t(node)].children;
  if (int(children.size()) < legal_.size) {
    std::vector<Move> tried;
    for (int c : children) tried.push_back(nodes_[size_t(c)].move);
    std::sort(tried.begin(), tried.end());
    std::vector<Move> untried;
    for (Move m : legal_)
      if (!std::binary_search(tried.begin(), tried.end(), m)) untried.push_back(m);
    return add_child(node, untried[rng_.below(untried.size())], kNoPiece, mover);
  }
  const double c = ctx_.params->exploration;
  const double log_visits = std::log(double(std::max<int64_t>(1, nodes_[size_t(node)].visits)));
  int best = -1;
  double best_score = -1;
  for (int id : children) {
    const FlipNode& child = nodes_[size_t(id)];
    const double score = child.mean() + c * std::sqrt(log_visits / double(child.visits));
    if (score > best_score) best_score = score, best = id;
  }
  return best;
}

}  // namespace junqi::search
