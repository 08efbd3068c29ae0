#include "search/rollout.h"

#include <algorithm>

#include "engine/combat.h"
#include "search/one_ply_choice.h"

namespace junqi::search {

using namespace junqi::engine;

double win_value(bool side_wins, int plies) {
  constexpr double kDecayPerPly = 0.001;  // far below any evaluation difference that matters
  const double late = std::min(0.1, kDecayPerPly * plies);
  return side_wins ? 1.0 - late : late;
}

double terminal_value(const GameStatus& status, Color side, int plies) {
  if (status.result == Result::kDraw) return 0.5;
  return win_value(status.result == win_for(side), plies);
}

bool loses_its_attacker(const FlipPosition& pos, Move m) { return !is_flip(m) && loses_its_attacker(pos.board(), m); }

double flip_terminal_value(const FlipPosition& pos, const GameStatus& status, int player, int plies) {
  return terminal_value(status, pos.player_colour(player), plies);
}

namespace {

// The rollout of either game: `side` says what a finished game and a leaf are worth and
// whether it is to move.
template <class World, class Side>
double play_out(World& pos, const Side& side, const RolloutPolicy& policy, Rng& rng, int plies) {
  MoveList list;
  typename World::Undo undo;
  for (int ply = 0;; ++ply) {
    const GameStatus status = status_without_movegen(pos);
    if (status.over()) return side.terminal(pos, status, plies + ply);
    generate(pos, list);
    if (list.size == 0) return win_value(!side.to_move(pos), plies + ply);  // no move: the mover loses
    if (ply == policy.depth) return side.leaf(pos);
    pos.make(rollout_move(pos, list, policy, rng), undo);
  }
}

struct ColourSide {
  Color side;
  const eval::Weights& weights;
  double terminal(const Position&, const GameStatus& status, int plies) const { return terminal_value(status, side, plies); }
  bool to_move(const Position& pos) const { return pos.side_to_move() == side; }
  double leaf(const Position& pos) const { return eval::evaluate(pos, side, weights); }
};

struct FlipPlayer {
  int player;
  const eval::FlipWeights& weights;
  double terminal(const FlipPosition& pos, const GameStatus& status, int plies) const {
    return flip_terminal_value(pos, status, player, plies);
  }
  bool to_move(const FlipPosition& pos) const { return pos.player_to_move() == player; }
  double leaf(const FlipPosition& pos) const { return eval::evaluate_flip(pos, player, weights); }
};

}  // namespace

Move greedy_move(const Position& pos, const MoveList& list, Rng& rng) {
  const std::array<int, TwoPlayerBoard::kSquares>& dist = distance_to_headquarters(~pos.side_to_move());
  return greedy_world_move(pos, list, rng, [&](Move m) { return dist[from_sq(m)] - dist[to_sq(m)]; });
}

Move rollout_move(const Position& pos, const MoveList& list, const RolloutPolicy& policy, Rng& rng) {
  return policy_move(pos, list, policy, rng, [](const Position& p, const MoveList& l, Rng& r) { return greedy_move(p, l, r); });
}

Move rollout_move(const FlipPosition& pos, const MoveList& list, const RolloutPolicy& policy, Rng& rng) {
  return redrawn_move(pos, list, policy.retries, rng);
}

double rollout(Position& pos, Color side, const RolloutPolicy& policy, Rng& rng, const eval::Weights& weights,
               int plies) {
  return play_out(pos, ColourSide{side, weights}, policy, rng, plies);
}

double rollout(FlipPosition& pos, int player, const RolloutPolicy& policy, Rng& rng, const eval::FlipWeights& weights,
               int plies) {
  return play_out(pos, FlipPlayer{player, weights}, policy, rng, plies);
}

}  // namespace junqi::search
