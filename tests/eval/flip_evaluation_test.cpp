// The flip evaluation: it reads only public information, it is symmetric between the
// players, and its flip-specific features count what they say in hand-built positions.
#include "eval/flip_evaluation.h"

#include <gtest/gtest.h>

#include "engine/flip_game.h"
#include "engine/notation.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

Rules flip_rules() {
  Rules r;
  r.set("kind", "flip");
  return r;
}

eval::FlipFeatures features_of(std::string_view jfen) {
  return eval::flip_features(parse_flip_jfen(jfen, flip_rules()), kRed);
}

TEST(FlipEvaluation, SameInEveryWorldOfAViewAndSymmetric) {
  const eval::FlipWeights w = eval::find_flip_weights("flip");
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    Rng rng(seed);
    FlipGame game(random_flip_layout(rng, flip_rules()));
    FlipView view = game.initial_view(0);
    for (int ply = 0; ply < 120 && !game.status().over(); ++ply) {
      const FlipPosition world = view.sample(rng);
      const double v = eval::evaluate_flip(world, 0, w);
      if (!world.colours_assigned()) {
        EXPECT_EQ(v, 0.5);
      }
      for (int k = 0; k < 3; ++k) EXPECT_DOUBLE_EQ(eval::evaluate_flip(view.sample(rng), 0, w), v) << view.jfen();
      EXPECT_DOUBLE_EQ(eval::evaluate_flip(world, 1, w), 1 - v);
      MoveList list;
      generate(game.position(), list);
      view.apply(game.apply(list[int(rng.below(uint64_t(list.size)))]).seen[0][0]);
    }
  }
}

TEST(FlipEvaluation, CapturesAndInitiative) {
  // Red's Regiment (c6) can take Blue's Platoon (c7, value 1.5); the Platoon cannot take it.
  const auto red = features_of("5/5/5/5/5/2p2/2T2/5/5/5/5/5 r 0 10");
  EXPECT_EQ(red[eval::kFlipInitiative], 1.5);
  EXPECT_EQ(red[eval::kFlipHanging], 1.5);
  const auto blue = features_of("5/5/5/5/5/2p2/2T2/5/5/5/5/5 b 0 10");
  EXPECT_EQ(blue[eval::kFlipInitiative], 0);  // Blue to move wins nothing
  EXPECT_EQ(blue[eval::kFlipHanging], 1.5);
}

TEST(FlipEvaluation, ExposureToAStrongerFaceDownNeighbour) {
  // The only face-down piece, next to Red's Regiment, is Blue's Marshal: the Regiment
  // (value 4) is lost with probability 1 if it is turned up.
  EXPECT_EQ(features_of("5/5/5/5/5/2*m2/2T2/5/5/5/5/5 r 0 10")[eval::kFlipExposure], 4);
  // A weaker one threatens nothing.
  EXPECT_EQ(features_of("5/5/5/5/5/2*p2/2T2/5/5/5/5/5 r 0 10")[eval::kFlipExposure], 0);
}

TEST(FlipEvaluation, AFlagWithoutLandminesIsOpen) {
  // Red's Flag has no Red Landmine left; Blue's is guarded by a face-down one.
  const auto x = features_of("4*l/2f2/5/5/5/5/5/5/5/5/5/3F1 r 0 10");
  EXPECT_EQ(x[eval::kFlipFlagOpen], 1);
  EXPECT_EQ(x[eval::kFlipMine], -1);
}

}  // namespace
