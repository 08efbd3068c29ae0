// A player's View: tokens, and the board it implies compared with the true game.
#include "engine/view.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/game.h"
#include "engine/game_end.h"
#include "engine/notation.h"
#include "tests/support/error_text.h"

namespace {

using namespace junqi::engine;
using junqi::testing_support::contains;
using junqi::testing_support::error_of;

TEST(Token, RoundTripsEveryForm) {
  for (const char* text : {"a6-a7", "a6xa7>", "e2xe11<", "c6xc7=", "f@d12", "F@b1"})
    EXPECT_EQ(token_string(parse_token(text)), text);
}

TEST(Token, RejectsMalformed) {
  for (const char* text : {"a6xa7", "a6xa7?", "z@a1", "X@a1", "f@z9", "a6a7", ""})
    EXPECT_THROW(parse_token(text), Error) << text;
}

// Caught by fuzz/history_tokens (bounds-checked build): `b7^` parsed as a move whose
// to-square is the flip marker, and a view applying it read past the board's last square.
// A flip token must name the piece turned up, and a view of the dark game refuses it.
TEST(Token, FlipsNameThePieceAndOnlyTheFlipGameTakesThem) {
  for (const char* text : {"b7^", "b7^x", "b7^?"})
    EXPECT_PRED2(contains, error_of([&] { parse_token(text); }), "a flip names the piece turned up") << text;
  View red(kRed, parse_legal_deployment(kSampleDeployment), Rules{});
  EXPECT_PRED2(contains, error_of([&] { red.apply(parse_token("b7^t")); }), "a flip belongs to the flip game");
}

// Plays random games; after every ply each side's view must show its own pieces exactly,
// every enemy piece as unknown (no flag reveals happen unless a Field Marshal died), and
// the same occupancy, side to move and counters as the true position.
TEST(View, MatchesTheTrueGameWithEnemyHidden) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    const Deployment red = random_deployment(rng), blue = random_deployment(rng);
    Position pos = start_position(red, blue);
    View views[2] = {View(kRed, red, {}), View(kBlue, blue, {})};
    bool flag_shown[2] = {false, false};
    while (!game_status(pos).over()) {
      MoveList list;
      generate(pos, list);
      const Move m = list[int(rng.below(uint64_t(list.size)))];
      const bool marshals[2] = {pos.pieces(kRed, kMarshal) != 0, pos.pieces(kBlue, kMarshal) != 0};
      Position::Undo undo;
      const Outcome o = pos.make(m, undo);
      for (View& v : views) v.apply(Token::of_move(m, o));
      // A Field Marshal that died shows its side's flag to both players (RULES.md §5).
      for (Color c : {kRed, kBlue})
        if (marshals[c] && !pos.pieces(c, kMarshal) && pos.has_flag(c)) {
          const Token reveal = Token::of_reveal(make_piece(c, kFlag), lsb(pos.pieces(c, kFlag)));
          for (View& v : views) v.apply(reveal);
          flag_shown[c] = true;
        }
      for (const View& v : views) {
        ASSERT_EQ(v.board().occupied(), pos.occupied());
        ASSERT_EQ(v.board().side_to_move(), pos.side_to_move());
        ASSERT_EQ(v.board().quiet_plies(), pos.quiet_plies());
        for (int s = 0; s < 60; ++s) {
          const Piece truth = pos.piece_on(Square(s)), seen = v.board().piece_on(Square(s));
          if (truth == kNoPiece) continue;
          if (color_of(truth) == v.side() || (type_of(truth) == kFlag && flag_shown[color_of(truth)]))
            ASSERT_EQ(seen, truth);
          else
            ASSERT_EQ(seen, make_piece(color_of(truth), kUnknownType));
        }
      }
      // The mover's legal moves in its view are exactly the true legal moves.
      if (!status_without_movegen(pos).over()) {
        MoveList truth, seen;
        generate(pos, truth);
        views[pos.side_to_move()].legal_moves(seen);
        ASSERT_EQ(std::vector<Move>(truth.begin(), truth.end()), std::vector<Move>(seen.begin(), seen.end()));
      }
    }
  }
}

// marshal_takes_flag = false: the Marshal's attacks on the pieces that may be the Flag are
// left out of the view's moves, so every move it offers is legal; the true Flag is always
// among those pieces until the game ends; the view leaves out nothing else.
TEST(View, UnderNoMarshalOnTheFlagOffersOnlyLegalMoves) {
  Rules rules;
  rules.marshal_takes_flag = false;
  int left_out = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    const Deployment red = random_deployment(rng), blue = random_deployment(rng);
    Game game(rules, {red, blue});
    View views[2] = {game.initial_view(kRed), game.initial_view(kBlue)};
    while (!game.status().over()) {
      const Position& pos = game.position();
      const Color us = pos.side_to_move();
      ASSERT_TRUE(views[us].may_be_flag() & pos.pieces(~us, kFlag));
      MoveList truth, seen;
      generate(pos, truth);
      views[us].legal_moves(seen);
      for (Move m : seen) ASSERT_TRUE(is_legal(pos, m));
      for (Move m : truth) {
        if (std::find(seen.begin(), seen.end(), m) != seen.end()) continue;
        ASSERT_EQ(type_of(pos.piece_on(from_sq(m))), kMarshal);
        ASSERT_TRUE(views[us].may_be_flag() & square_bb(to_sq(m)));
        ++left_out;
      }
      const Step step = game.apply(seen.size ? seen[int(rng.below(uint64_t(seen.size)))] : truth[0]);
      for (Color c : {kRed, kBlue})
        for (const Token& t : step.seen[c]) views[c].apply(t);
    }
  }
  EXPECT_GT(left_out, 0);
}

// Red's Marshal wins its way up file a to a12, next to Blue's headquarters b12, which may
// hold the Flag (so may d12). The attack on b12 is a move by default, not under
// marshal_takes_flag = false, until Blue's Flag is shown on d12: then b12 cannot be it.
TEST(View, OffersTheMarshalsAttackOnAHeadquartersOnceItCannotHoldTheFlag) {
  const Deployment red = parse_legal_deployment("LFLPE/CLBYE/T+R+C/DP+YB/E+G+T/MRPDC");
  const Move attack = make_move(*parse_square("a12"), *parse_square("b12"));
  const auto offers = [&](const View& v) {
    MoveList list;
    v.legal_moves(list);
    return std::find(list.begin(), list.end(), attack) != list.end();
  };
  const auto hq = square_bb(*parse_square("b12")) | square_bb(*parse_square("d12"));
  for (const bool takes : {true, false}) {
    Rules rules;
    rules.marshal_takes_flag = takes;
    View view(kRed, red, rules);
    for (const char* text : {"a6xa7>", "b7-b8", "a7xa8>", "d7-d8", "a8xa9>", "e9-d10", "a9xa10>", "c8-c9",
                             "a10xa11>", "d8-d7", "a11xa12>", "b8-a7"})
      view.apply(parse_token(text));
    EXPECT_EQ(view.may_be_flag(), hq);
    EXPECT_EQ(offers(view), takes);
    view.apply(parse_token("f@d12"));
    EXPECT_EQ(view.may_be_flag(), square_bb(*parse_square("d12")));
    EXPECT_TRUE(offers(view));
  }
}

// The sample start, seen by Red: rank 6 is E R P D C, rank 7 Blue's c d p r e, b2 a Red
// Landmine, a1 a Red Landmine, c9 an empty camp.
// Found by fuzz/history_tokens: a syntactically valid but illegal deployment (pieces in
// camps, camp marks on the board) put no-pieces on the view's board.
TEST(View, RefusesAnIllegalOwnDeployment) {
  const Deployment camps_swapped = parse_deployment("LFLPE/CLBYE/T+R+C/PMB+D/Y+G+T/ERPDC");
  for (Color side : {kRed, kBlue})
    EXPECT_PRED2(contains, error_of([&] { View(side, camps_swapped, Rules{}); }), "no piece may stand in a camp");
}

TEST(View, RejectsTokensThatCannotFollow) {
  const Deployment d = parse_legal_deployment(kSampleDeployment);
  auto rejects = [&](const char* token) {
    View v(kRed, d, {});
    EXPECT_THROW(v.apply(parse_token(token)), Error) << token;
  };
  rejects("a7-a8");   // a Blue piece moving while Red is to move
  rejects("a6-a7");   // a quiet move onto an occupied square
  rejects("a5-a4");   // onto its own piece
  rejects("b2-b3");   // our own Landmine cannot move
  rejects("a6xa5>");  // a fight with its own piece
  rejects("F@a1");    // contradicts our own Landmine on a1
  rejects("f@c9");    // no Blue piece stands in the camp c9
  View v(kRed, d, {});
  EXPECT_NO_THROW(v.apply(parse_token("a6xa7<")));  // Engineer attacks a7 and dies
  EXPECT_EQ(v.board().piece_on(parse_square("a6").value()), kNoPiece);
  EXPECT_EQ(v.board().side_to_move(), kBlue);
}

}  // namespace
