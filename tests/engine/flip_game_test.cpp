// FlipGame and FlipView: what a flip game shows its players. Each view must follow the
// true game exactly, except for the identities of face-down pieces, which it must never
// hold; its legal actions and status must be the game's; its samples must be consistent
// with what it saw and spread evenly over what it did not.

#include "engine/flip_game.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "engine/error.h"
#include "engine/notation.h"
#include "tests/support/flip_rules.h"

namespace junqi::engine {
namespace {

using testing_support::flip_rules;

// The true position as a player may see it: every `*X` written `?`.
std::string public_jfen(const FlipPosition& truth) {
  return std::regex_replace(to_jfen(truth), std::regex(R"(\*[A-Za-z])"), "?");
}

std::vector<Move> sorted(const MoveList& list) {
  std::vector<Move> v(list.begin(), list.end());
  std::sort(v.begin(), v.end());
  return v;
}

TEST(FlipGame, ViewsFollowTheGameAndHoldNoHiddenIdentity) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const Rules rules = seed % 2 ? flip_rules() : flip_rules("flip_colour", "first-flip");
    Rng rng(seed);
    FlipGame game(random_flip_layout(rng, rules));
    std::array<FlipView, 2> views = {game.initial_view(0), game.initial_view(1)};
    for (int ply = 0; !game.status().over() && ply < 400; ++ply) {
      const FlipPosition& truth = game.position();
      for (const FlipView& view : views) {
        ASSERT_EQ(view.jfen(), public_jfen(truth));
        ASSERT_EQ(view.our_turn(), game.current_player() == view.player());
        ASSERT_FALSE(view.status().over());
      }
      MoveList truth_moves, view_moves;
      generate(truth, truth_moves);
      views[game.current_player()].legal_moves(view_moves);
      ASSERT_EQ(sorted(view_moves), sorted(truth_moves)) << to_jfen(truth);
      const Move action = truth_moves.moves[rng.below(uint64_t(truth_moves.size))];
      const Piece turned = truth.board().piece_on(from_sq(action));
      const Step step = game.apply(action);
      ASSERT_EQ(step.seen[0], step.seen[1]);  // everything shown is public
      ASSERT_EQ(step.seen[0].size(), 1u);
      const Token& t = step.seen[0][0];
      if (is_flip(action)) {
        EXPECT_EQ(t, Token::of_flip(turned, from_sq(action)));
      } else {
        EXPECT_EQ(t.kind, Token::Kind::kMove);
        EXPECT_EQ(t.move, action);
      }
      EXPECT_EQ(parse_token(token_string(t)), t);
      for (FlipView& view : views) view.apply(t);
    }
    EXPECT_EQ(views[0].status().result, game.status().result);
    EXPECT_EQ(views[0].status().reason, game.status().reason);
  }
}

TEST(FlipGame, TheAssigningFlipGivesItsPlayerThePiecesColour) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    FlipGame game(random_flip_layout(rng, flip_rules()));
    while (!game.position().colours_assigned()) {
      const int flipper = game.current_player();
      MoveList list;
      generate(game.position(), list);
      const Move flip = list.moves[rng.below(uint64_t(list.size))];
      const Piece turned = game.position().board().piece_on(from_sq(flip));
      game.apply(flip);
      if (game.position().colours_assigned()) {
        EXPECT_EQ(type_of(turned), kEngineer);  // first-engineer
        EXPECT_EQ(game.position().player_colour(flipper), color_of(turned));
        EXPECT_EQ(game.position().player_colour(1 - flipper), ~color_of(turned));
        EXPECT_EQ(game.current_player(), 1 - flipper);
      } else {
        EXPECT_NE(type_of(turned), kEngineer);
        EXPECT_EQ(game.current_player(), 1 - flipper);
      }
    }
  }
}

TEST(FlipView, RefusesTokensThatCannotFollow) {
  FlipView view(0, flip_rules());
  view.apply(parse_token("a1^L"));
  EXPECT_THROW(view.apply(parse_token("a1^L")), Error);  // no longer face down
  view.apply(parse_token("b1^L"));
  view.apply(parse_token("c1^L"));
  EXPECT_THROW(view.apply(parse_token("d1^L")), Error);  // a fourth Red Landmine
  EXPECT_THROW(view.apply(parse_token("a6-a7")), Error);  // a move before colours are assigned
  EXPECT_THROW(view.apply(parse_token("f@d12")), Error);  // no reveals in the flip game
}

TEST(FlipView, SamplesAgreeWithTheViewAndSpreadEvenly) {
  FlipView view(1, flip_rules());
  for (const char* t : {"a1^L", "c7^e", "b2^M"}) view.apply(parse_token(t));
  Rng rng(5);
  // Left face down: 47 pieces, 2 of them Red Landmines. Over 20000 samples a given face-down
  // square holds a Red Landmine with probability 2/47: expect 851, sd 28.5; allow 5 sd.
  int red_mines_on_e12 = 0;
  const Square e12 = *parse_square("e12");
  for (int i = 0; i < 20000; ++i) {
    const FlipPosition s = view.sample(rng);
    ASSERT_EQ(public_jfen(s), view.jfen());
    for (Color c : {kRed, kBlue})
      for (int t = 0; t < kPieceTypes; ++t) ASSERT_EQ(popcount(s.board().pieces(c, PieceType(t))), kPieceCount[t]);
    red_mines_on_e12 += s.board().piece_on(e12) == make_piece(kRed, kMine);
  }
  EXPECT_NEAR(red_mines_on_e12, 20000.0 * 2 / 47, 5 * 28.5);
}

}  // namespace
}  // namespace junqi::engine
