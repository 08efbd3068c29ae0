// The one-ply values of flip-game actions (search/flip_action_values.h): a flip is worth
// the average over every face-down piece it may turn up, a move what follows it, and no
// hidden identity changes either.
#include <gtest/gtest.h>

#include "engine/flip_game.h"
#include "engine/game_end.h"
#include "engine/notation.h"
#include "search/flip_action_values.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

// Red's Regiment on c6 and Blue's Platoon on c7 face up (colours by the first flip); the
// other 48 pieces face down. Red (player 0) to act.
FlipView two_flips_in() {
  Rules rules;
  rules.set("kind", "flip");
  rules.set("flip_colour", "first-flip");
  FlipView view(0, rules);
  view.apply(parse_token("c6^T"));
  view.apply(parse_token("c7^p"));
  return view;
}

double evaluate_after(FlipPosition pos, Move action, const eval::FlipWeights& weights) {
  FlipPosition::Undo undo;
  pos.make(action, undo);
  EXPECT_FALSE(game_status(pos).over());
  return eval::evaluate_flip(pos, 0, weights);
}

// Computed piece by piece, not kind by kind: each of the 48 face-down pieces moved onto
// the flipped square in turn, each as likely as any other.
TEST(FlipActionValues, AFlipIsWorthTheAverageOverEveryFaceDownPieceAMoveWhatFollowsIt) {
  const FlipView view = two_flips_in();
  Rng rng(3);
  const FlipPosition world = view.sample(rng);
  const eval::FlipWeights weights = eval::find_flip_weights("flip");
  MoveList legal;
  view.legal_moves(legal);
  const std::vector<double> values = search::one_ply_values(world, legal, 0, weights);
  ASSERT_EQ(values.size(), size_t(legal.size));
  int flips = 0;
  for (int i = 0; i < legal.size; ++i) {
    const Move a = legal[i];
    double expected = 0;
    if (is_flip(a)) {
      ++flips;
      const Square s = from_sq(a);
      int pieces = 0;
      for (Bitboard64 down = world.face_down(); down; ++pieces) {
        FlipPosition dealt = world;
        const Square q = pop_lsb(down);
        if (q != s) dealt.exchange_face_down(s, q);
        expected += evaluate_after(dealt, a, weights);
      }
      expected /= pieces;
    } else {
      expected = evaluate_after(world, a, weights);
    }
    EXPECT_NEAR(values[size_t(i)], expected, 1e-12) << move_string(a);
  }
  EXPECT_EQ(flips, 48);
}

// What each face-down piece is in the world the values are computed in makes no
// difference: the search may take them as priors without learning any hidden identity.
TEST(FlipActionValues, TheSameInEveryWorldOfAView) {
  const FlipView view = two_flips_in();
  const eval::FlipWeights weights = eval::find_flip_weights("flip");
  MoveList legal;
  view.legal_moves(legal);
  Rng rng(5);
  const std::vector<double> first = search::one_ply_values(view.sample(rng), legal, 0, weights);
  for (int deal = 0; deal < 5; ++deal) EXPECT_EQ(search::one_ply_values(view.sample(rng), legal, 0, weights), first);
}

}  // namespace
