#include "search/flip_tree.h"

#include <algorithm>
#include <cmath>

#include "search/flip_action_values.h"
#include "search/rollout.h"
#include "search/tree_search.h"

namespace junqi::search {

using namespace junqi::engine;

FlipTree::FlipTree(int player) { nodes_.push_back(FlipNode{kNullMove, kNoPiece, 1 - player, 0, 0.5, 0, 0.0, {}}); }

void FlipTree::bind(const FlipContext& context, uint64_t seed) {
  ctx_ = context;
  rng_ = Rng(seed);
  ctx_.view->legal_moves(root_actions_);
  root_prior_ = one_ply_values(ctx_.view->sample(rng_), root_actions_, ctx_.view->player(), *ctx_.weights);
  for (int c : nodes_[0].children) start_from(nodes_[size_t(c)], root_prior(nodes_[size_t(c)].move));
}

// The prior of a root action. The public history fixes the legal actions, so every root
// action of a kept tree is among root_actions_.
double FlipTree::root_prior(Move m) const {
  return root_prior_[size_t(std::find(root_actions_.begin(), root_actions_.end(), m) - root_actions_.begin())];
}

// An action's statistics: none yet but its prior.
void FlipTree::start_from(FlipNode& action, double prior) const {
  action.visits = 0;
  action.prior = prior;
  action.prior_visits = ctx_.params->flip.prior_visits;
  action.reward = double(action.prior_visits) * prior;
}

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
  // bind() starts the root's actions afresh; what is kept is the tree below them.
  return true;
}

int FlipTree::add_child(int node, Move m, Piece revealed, int player) {
  nodes_.push_back(FlipNode{m, revealed, player, 0, 0.5, 0, 0.0, {}});
  if (node == 0) start_from(nodes_.back(), root_prior(m));
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
// from the root) while nodes have been visited, then rolls out (or evaluates) and backs
// the value up along path_.
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
    node = play(select(node, world), world);
    ++plies;
  }
  if (value < 0) value = rollout(world, me, ctx_.params->flip.rollout, rng_, *ctx_.weights, plies);
  for (int n : path_) {
    FlipNode& visited = nodes_[size_t(n)];
    visited.visits++;
    visited.reward += visited.player == me ? value : 1.0 - value;
  }
}

// The child of `node` to follow (legal_ holds its actions, the same in every world): by
// UCB1 over the prior-blended means, the prior's visits counting as visits, so the best
// prior goes first and a child whose visits disappoint yields to the next. Children
// with no visits of either kind come first, the best prior first. A node's first
// selection grows all its children, each from its prior.
int FlipTree::select(int node, const FlipPosition& world) {
  if (nodes_[size_t(node)].children.empty()) expand(node, world);
  const double c = ctx_.params->flip.exploration;
  const double log_visits = std::log(double(std::max<int64_t>(1, nodes_[size_t(node)].visits)));
  int best = -1;
  double best_score = -1;
  for (int id : nodes_[size_t(node)].children) {
    const FlipNode& child = nodes_[size_t(id)];
    const int64_t n = valued_visits(child);
    const double score = n ? child.mean() + c * std::sqrt(log_visits / double(n)) : 1e9 + child.prior;
    if (score > best_score) best_score = score, best = id;
  }
  return best;
}

// Grows a child of `node` for each of legal_ with its prior: at the root the values bind()
// found, elsewhere the one-ply values for the player to move in world.
void FlipTree::expand(int node, const FlipPosition& world) {
  const int mover = world.player_to_move();
  if (node == 0) {
    for (Move m : legal_) add_child(0, m, kNoPiece, mover);
    return;
  }
  const std::vector<double> prior = one_ply_values(world, legal_, mover, *ctx_.weights);
  for (int i = 0; i < legal_.size; ++i) start_from(nodes_[size_t(add_child(node, legal_[i], kNoPiece, mover))], prior[size_t(i)]);
}

}  // namespace junqi::search
