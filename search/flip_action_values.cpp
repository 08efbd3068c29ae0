#include "search/flip_action_values.h"

#include "engine/game_end.h"
#include "search/rollout.h"

namespace junqi::search {

using namespace junqi::engine;

namespace {

// The value for `player` of the position after `action`: the game's result if it ended
// there, else the flip evaluation.
double value_after(FlipPosition& world, Move action, int player, const eval::FlipWeights& weights) {
  FlipPosition::Undo undo;
  world.make(action, undo);
  const GameStatus status = game_status(world);
  const double value =
      status.over() ? flip_terminal_value(world, status, player, 0) : eval::evaluate_flip(world, player, weights);
  world.unmake(undo);
  return value;
}

// A flip's expected value_after over what it may turn up (one_ply_values).
double flip_value(FlipPosition& world, Move flip, int player, const eval::FlipWeights& weights) {
  const Square s = from_sq(flip);
  double total = 0;
  for (Color c : {kRed, kBlue})
    for (int t = 0; t < kPieceTypes; ++t) {
      const Bitboard64 those = world.face_down() & world.board().pieces(c, PieceType(t));
      if (!those) continue;
      if (!(those & square_bb(s))) world.exchange_face_down(s, lsb(those));
      total += popcount(those) * value_after(world, flip, player, weights);
    }
  return total / popcount(world.face_down());
}

}  // namespace

std::vector<double> one_ply_values(const FlipPosition& world, const MoveList& actions, int player,
                                   const eval::FlipWeights& weights) {
  FlipPosition scratch = world;  // flips deal its face-down pieces anew
  std::vector<double> values;
  values.reserve(size_t(actions.size));
  for (Move a : actions)
    values.push_back(is_flip(a) ? flip_value(scratch, a, player, weights) : value_after(scratch, a, player, weights));
  return values;
}

}  // namespace junqi::search
