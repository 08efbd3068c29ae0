// The flip game (RULES.md §7.1, NOTATION.md "Flip games"): flip JFEN, flips and colour
// assignment, what face-down pieces and the after-mines Flag do to move generation, the
// ends of the game, and perft. Every count here is derived by hand in the comments.

#include "engine/flip.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/error.h"
#include "engine/notation.h"
#include "tests/support/flip_rules.h"
#include "engine/perft.h"

namespace junqi::engine {
namespace {

using testing_support::flip_rules;

Square sq(std::string_view name) { return *parse_square(name); }

std::string flip_error(std::string_view jfen) {
  try {
    parse_flip_jfen(jfen, flip_rules());
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// Red T face up on a11, Red Flag d1; Blue Flag face up on c11, a face-down Blue Landmine on
// e12 and a face-down Blue battalion commander on e7. Red to move.
constexpr std::string_view kShieldedFlag = "4*l/T1f2/5/5/5/4*y/5/5/5/5/5/3F1 r 0 10";

TEST(Flip, ActionNotation) {
  EXPECT_EQ(move_string(make_flip(sq("b7"))), "b7^");
  EXPECT_EQ(parse_move("b7^"), make_flip(sq("b7")));
  EXPECT_TRUE(is_flip(parse_move("e12^")));
  EXPECT_FALSE(is_flip(parse_move("a6-a7")));
}

TEST(Flip, JfenRoundTripsEveryLayout) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    const FlipPosition layout = random_flip_layout(rng, flip_rules());
    const std::string jfen = to_jfen(layout);
    EXPECT_TRUE(jfen.ends_with(" 1 0 0")) << jfen;
    EXPECT_EQ(parse_flip_jfen(jfen, flip_rules()), layout) << jfen;
  }
  const FlipPosition pos = parse_flip_jfen(kShieldedFlag, flip_rules());
  EXPECT_EQ(to_jfen(pos), kShieldedFlag);
  EXPECT_TRUE(pos.colours_assigned());
  EXPECT_EQ(popcount(pos.face_down()), 2);
}

TEST(Flip, RandomLayoutFillsTheFiftyPostsFaceDown) {
  Rng rng(7);
  const FlipPosition pos = random_flip_layout(rng, flip_rules());
  const auto camps = TwoPlayerBoard::kT.camps;
  EXPECT_EQ(pos.face_down() & camps, 0u);
  EXPECT_EQ(popcount(pos.face_down()), 50);
  EXPECT_EQ(pos.face_down(), pos.board().occupied());
  EXPECT_FALSE(pos.colours_assigned());
  for (Color c : {kRed, kBlue})
    for (int t = 0; t < kPieceTypes; ++t) EXPECT_EQ(popcount(pos.board().pieces(c, PieceType(t))), kPieceCount[t]);
}

TEST(Flip, JfenErrorsSayWhatIsWrong) {
  // `?` is a view's unknown; a full position knows every face-down identity.
  EXPECT_NE(flip_error("4?/T1f2/5/5/5/4*y/5/5/5/5/5/3F1 r 0 10"), "");
  // Before colours are assigned nothing has been taken: all 50 pieces stand.
  EXPECT_NE(flip_error("4*l/T1f2/5/5/5/4*y/5/5/5/5/5/3F1 1 0 10"), "");
  // Camps start empty and only face-up pieces move, so none holds a face-down piece (b10).
  EXPECT_NE(flip_error("4*l/T1f2/1*y3/5/5/5/5/5/5/5/5/3F1 r 0 10"), "");
  // A star needs a piece letter after it.
  EXPECT_NE(flip_error("4*/T1f2/5/5/5/4*y/5/5/5/5/5/3F1 r 0 10"), "");
  EXPECT_NE(flip_error("4*l/T1f2/5/5/5/4*y/5/5/5/5/5/3F1 x 0 10"), "");
}

TEST(Flip, FaceDownPiecesBlockAndCannotBeAttacked) {
  // Red T on c2 (railway rank 2) with face-down Blue p on a2 and face-up Blue p on e2.
  const FlipPosition pos = parse_flip_jfen("3f1/4l/5/5/5/5/5/5/5/5/*p1T1p/3F1 r 0 10", flip_rules());
  EXPECT_TRUE(is_legal(pos, make_move(sq("c2"), sq("b2"))));
  EXPECT_FALSE(is_legal(pos, make_move(sq("c2"), sq("a2"))));  // face down: never attacked
  EXPECT_TRUE(is_legal(pos, make_move(sq("c2"), sq("e2"))));   // face up: attacked
  EXPECT_TRUE(is_legal(pos, make_flip(sq("a2"))));             // either colour may be flipped
  EXPECT_FALSE(is_legal(pos, make_flip(sq("e2"))));            // already face up
  // T: road c1 c3, camps b3 d3, rank 2 b2 and d2 e2 (a2 blocked) = 7; one flip = 8.
  EXPECT_EQ(count_moves(pos), 8);
}

TEST(Flip, OnlyFaceUpPiecesOfOnesColourMove) {
  // The same board with Blue to move: Blue's face-up p on e2 moves, the face-down one does not.
  const FlipPosition pos = parse_flip_jfen("3f1/4l/5/5/5/5/5/5/5/5/*p1T1p/3F1 b 0 10", flip_rules());
  EXPECT_FALSE(is_legal(pos, make_move(sq("c2"), sq("c3"))));
  EXPECT_FALSE(is_legal(pos, make_move(sq("a2"), sq("a3"))));
  EXPECT_TRUE(is_legal(pos, make_move(sq("e2"), sq("e3"))));
  // p on e2: road e1, camp d3; file e up e3..e10 (8: Blue's own Landmine stands on e11);
  // rank 2 west d2 then the T on c2 attacked = 12; plus the flip of a2 = 13.
  EXPECT_EQ(count_moves(pos), 13);
}

TEST(Flip, AfterMinesTheFlagIsShieldedAndBlocks) {
  const FlipPosition pos = parse_flip_jfen(kShieldedFlag, flip_rules());
  const Move take_flag = make_move(sq("a11"), sq("c11"));
  EXPECT_FALSE(is_legal(pos, take_flag));
  // T on a11: road a12, camp b10; rank 11 east b11 then the shielded Flag stops the run;
  // file a down a10..a2 (9) = 12; two flips (e12, e7) = 14.
  EXPECT_EQ(count_moves(pos), 14);
  // A face-up Landmine shields the Flag too.
  const FlipPosition mine_up = parse_flip_jfen("4l/T1f2/5/5/5/4*y/5/5/5/5/5/3F1 r 0 10", flip_rules());
  EXPECT_FALSE(is_legal(mine_up, take_flag));
  // No Blue Landmine left: the Flag can be taken.
  const FlipPosition no_mine = parse_flip_jfen("5/T1f2/5/5/5/4*y/5/5/5/5/5/3F1 r 0 10", flip_rules());
  EXPECT_TRUE(is_legal(no_mine, take_flag));
  // flip_flag_capture = any: always.
  const FlipPosition any = parse_flip_jfen(kShieldedFlag, flip_rules("flip_flag_capture", "any"));
  EXPECT_TRUE(is_legal(any, take_flag));
  EXPECT_EQ(count_moves(any), 15);
}

TEST(Flip, PerftOfTheShieldedFlagPosition) {
  // Depth 2, after-mines: each of T's 12 moves leaves Blue its 2 flips (24); Red's flip of
  // e12 leaves Blue the flip of e7 (1); Red's flip of e7 leaves Blue the flip of e12 and
  // y's moves from e7: road e8, d7, e6, camp d8; file e e8..e11 and e6..e2; rank 7 d7 c7
  // b7 a7 = 14, so 15. In all 24 + 1 + 15 = 40.
  FlipPosition pos = parse_flip_jfen(kShieldedFlag, flip_rules());
  EXPECT_EQ(perft(pos, 1), 14u);
  EXPECT_EQ(perft(pos, 2), 40u);
  EXPECT_EQ(perft(pos, 2, false), 40u);
  // Under `any` T's 13th move takes the Flag and ends the game (perft 0 below it): 40 again.
  FlipPosition any = parse_flip_jfen(kShieldedFlag, flip_rules("flip_flag_capture", "any"));
  EXPECT_EQ(perft(any, 1), 15u);
  EXPECT_EQ(perft(any, 2), 40u);
}

TEST(Flip, PerftOfTheStart) {
  // Fifty face-down pieces: 50 flips. After any flip the player to act has no face-up piece
  // of its colour (colours unassigned, or assigned the other way), so 49 flips: 2450.
  for (std::string_view colour : {"first-engineer", "first-flip"}) {
    Rng rng(3);
    FlipPosition pos = random_flip_layout(rng, flip_rules("flip_colour", colour));
    EXPECT_EQ(perft(pos, 1), 50u);
    EXPECT_EQ(perft(pos, 2), 2450u);
  }
}

// The first square (a1 upwards) holding a piece of the given type, or of the given colour
// and not that type.
Square find(const FlipPosition& pos, PieceType type, bool want) {
  for (int s = 0; s < TwoPlayerBoard::kSquares; ++s) {
    const Piece p = pos.board().piece_on(Square(s));
    if (p != kNoPiece && (type_of(p) == type) == want) return Square(s);
  }
  ADD_FAILURE() << "no such piece";
  return Square(0);
}

TEST(Flip, FirstEngineerAssignsTheColours) {
  Rng rng(11);
  FlipPosition pos = random_flip_layout(rng, flip_rules());
  FlipPosition::Undo u1, u2;
  // First player flips a non-Engineer: colours stay open, the second player acts.
  pos.make(make_flip(find(pos, kEngineer, false)), u1);
  EXPECT_FALSE(pos.colours_assigned());
  EXPECT_EQ(pos.side_to_move(), kBlue);  // second player
  // Second player turns up an Engineer: it plays that Engineer's colour, so the first
  // player, who acts next, has the other one.
  const Square engineer = find(pos, kEngineer, true);
  const Color engineer_colour = color_of(pos.board().piece_on(engineer));
  pos.make(make_flip(engineer), u2);
  EXPECT_TRUE(pos.colours_assigned());
  EXPECT_EQ(pos.side_to_move(), ~engineer_colour);
  EXPECT_TRUE(to_jfen(pos).find(engineer_colour == kRed ? " b " : " r ") != std::string::npos);
  pos.unmake(u2);
  pos.unmake(u1);
  Rng again(11);
  EXPECT_EQ(pos, random_flip_layout(again, flip_rules()));
}

TEST(Flip, FirstFlipAssignsTheColours) {
  Rng rng(11);
  FlipPosition pos = random_flip_layout(rng, flip_rules("flip_colour", "first-flip"));
  const Square s = find(pos, kEngineer, false);
  const Color c = color_of(pos.board().piece_on(s));
  FlipPosition::Undo u;
  pos.make(make_flip(s), u);
  EXPECT_TRUE(pos.colours_assigned());
  EXPECT_EQ(pos.side_to_move(), ~c);  // the second player has the other colour
}

TEST(Flip, FlipsCountAsPliesAndResetTheNoCaptureCount) {
  FlipPosition pos = parse_flip_jfen("4*l/T1f2/5/5/5/4*y/5/5/5/5/5/3F1 r 9 30", flip_rules());
  FlipPosition::Undo u;
  pos.make(make_flip(sq("e7")), u);
  EXPECT_EQ(pos.board().quiet_plies(), 0);
  EXPECT_EQ(pos.board().ply(), 31);
  EXPECT_EQ(pos.side_to_move(), kBlue);
  pos.unmake(u);
  EXPECT_EQ(to_jfen(pos), "4*l/T1f2/5/5/5/4*y/5/5/5/5/5/3F1 r 9 30");
}

void expect_end(std::string_view jfen, Result result, EndReason reason) {
  const GameStatus st = game_status(parse_flip_jfen(jfen, flip_rules()));
  EXPECT_EQ(st.result, result) << jfen;
  EXPECT_EQ(st.reason, reason) << jfen;
}

TEST(Flip, EndsOfTheGame) {
  // Red has only its Flag and a face-down Landmine: no movable piece, lost even on its move.
  expect_end("3f1/5/2*t2/5/5/5/5/5/5/5/5/*LF3 r 0 10", Result::kBlueWins, EndReason::kNoMovablePieces);
  // A face-down movable piece counts: Red's face-down D on e5 keeps it alive.
  expect_end("3f1/5/2t2/5/5/5/5/4*D/5/5/5/1F3 r 0 10", Result::kOngoing, EndReason::kNone);
  // Blue with only its Flag and a Landmine loses, whoever is to move.
  expect_end("3fl/5/5/5/5/5/5/4*D/5/5/5/1F3 b 0 10", Result::kRedWins, EndReason::kNoMovablePieces);
  // Neither side can move: a draw.
  expect_end("3fl/5/5/5/5/5/5/5/5/5/5/LF3 r 0 10", Result::kDraw, EndReason::kNoMovablePieces);
  // The Flag taken comes first.
  expect_end("5/5/5/5/5/5/5/5/5/5/5/LF3 r 0 10", Result::kRedWins, EndReason::kFlag);
  // Red's T stands in a headquarters (it never moves) and nothing is face down: no action.
  expect_end("3f1/5/2t2/5/5/5/5/5/5/5/5/1T1F1 r 0 10", Result::kBlueWins, EndReason::kNoMoves);
  // No-capture draw and max_plies.
  expect_end("3f1/5/2t2/5/5/5/5/5/5/5/5/1F1T1 r 70 100", Result::kDraw, EndReason::kNoCaptureDraw);
  expect_end("3f1/5/2t2/5/5/5/5/5/5/5/5/1F1T1 r 3 1000", Result::kDraw, EndReason::kMaxPlies);
}

// --- The house rules of RULES.md §9 in the flip game ---

// Blue to move: face-down Blue p on a2, face-up Red T on c2, Blue's `piece` face up on e2,
// Blue Landmine on e11, Flags d12 and d1.
std::string blue_runner_on_e2(char piece) { return std::string("3f1/4l/5/5/5/5/5/5/5/5/*p1T1") + piece + "/3F1 b 0 10"; }

TEST(Flip, FlyingBombAndAllTurn) {
  // By default a Blue bomb on e2 runs straight like the p of OnlyFaceUpPiecesOfOnesColourMove:
  // 12 moves + the flip of a2 = 13.
  // bomb_flies: it turns over the railway. Of the 32 railway squares a2 (face down), c2 (T),
  // e2 (itself) and e11 (own mine) are taken; b2 is cut off between a2 and c2; the other 27
  // are reached (e3..e10, rank 6, rank 7, file a a3..a5 and a8..a11, b11 c11 d11, d2). It
  // attacks the T on c2 but never the face-down a2. Road e1 and camp d3: 27 + 1 + 2 = 30,
  // + 1 flip = 31.
  EXPECT_EQ(count_moves(parse_flip_jfen(blue_runner_on_e2('b'), flip_rules())), 13);
  const FlipPosition flying = parse_flip_jfen(blue_runner_on_e2('b'), flip_rules("bomb_flies", "true"));
  EXPECT_EQ(count_moves(flying), 31);
  EXPECT_TRUE(is_legal(flying, make_move(sq("e2"), sq("a11"))));
  EXPECT_FALSE(is_legal(flying, make_move(sq("e2"), sq("b2"))));
  EXPECT_FALSE(is_legal(flying, make_move(sq("e2"), sq("a2"))));
  // all_turn: the p turns the same way.
  EXPECT_EQ(count_moves(parse_flip_jfen(blue_runner_on_e2('p'), flip_rules())), 13);
  EXPECT_EQ(count_moves(parse_flip_jfen(blue_runner_on_e2('p'), flip_rules("all_turn", "true"))), 31);
  FlipPosition pos = parse_flip_jfen(blue_runner_on_e2('p'), flip_rules("all_turn", "true"));
  EXPECT_EQ(perft(pos, 1), 31u);
  EXPECT_EQ(perft(pos, 1, false), 31u);
}

TEST(Flip, MarshalMayNotTakeTheFlag) {
  // Red M face up on a11, Blue Flag face up on c11 with no Blue Landmine left (so after-mines
  // does not shield it), a face-down Blue y on e7. M: road a12, camp b10; rank 11 b11 then
  // the Flag; file a a10..a2 (9) = 12, + the Flag = 13, + 1 flip = 14.
  // marshal_takes_flag = false: the Flag only blocks: 13.
  const std::string_view jfen = "5/M1f2/5/5/5/4*y/5/5/5/5/5/3F1 r 0 10";
  const Move take_flag = make_move(sq("a11"), sq("c11"));
  EXPECT_EQ(count_moves(parse_flip_jfen(jfen, flip_rules())), 14);
  EXPECT_TRUE(is_legal(parse_flip_jfen(jfen, flip_rules()), take_flag));
  const FlipPosition no_marshal = parse_flip_jfen(jfen, flip_rules("marshal_takes_flag", "false"));
  EXPECT_EQ(count_moves(no_marshal), 13);
  EXPECT_FALSE(is_legal(no_marshal, take_flag));
  EXPECT_FALSE(is_legal(no_marshal, make_move(sq("a11"), sq("d11"))));
}

TEST(Flip, ImmobileAtOnceCountsPlace) {
  // Red's only piece besides its Flag is a T in the headquarters b1: face up, the default
  // §7.1 rule counts it (by type) and Red loses only for want of an action; under at-once it
  // can never move again, so Red has lost at once; with hq_exit it may leave: play on.
  const std::string_view up = "3f1/5/2t2/5/5/5/5/5/5/5/5/1T1F1 r 0 10";
  Rules at_once = flip_rules("immobile", "at-once");
  EXPECT_EQ(game_status(parse_flip_jfen(up, flip_rules())).reason, EndReason::kNoMoves);
  EXPECT_EQ(game_status(parse_flip_jfen(up, at_once)).reason, EndReason::kNoMovablePieces);
  EXPECT_EQ(game_status(parse_flip_jfen(up, at_once)).result, Result::kBlueWins);
  Rules at_once_hq = at_once;
  at_once_hq.set("hq_exit", "true");
  EXPECT_FALSE(game_status(parse_flip_jfen(up, at_once_hq)).over());
  // Face down in b1: by default Red may still flip it (one action, the game goes on); under
  // at-once, once turned up it could never move, so Red has lost already.
  const std::string_view down = "3f1/5/2t2/5/5/5/5/5/5/5/5/1*T1F1 r 0 10";
  FlipPosition pos = parse_flip_jfen(down, flip_rules());
  EXPECT_FALSE(game_status(pos).over());
  EXPECT_EQ(perft(pos, 1), 1u);
  FlipPosition stuck = parse_flip_jfen(down, at_once);
  EXPECT_EQ(game_status(stuck).reason, EndReason::kNoMovablePieces);
  EXPECT_EQ(perft(stuck, 1), 0u);
}

TEST(Flip, GenerateAgreesWithCountAndLegalityAlongRandomGames) {
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    Rng rng(seed);
    FlipPosition pos = random_flip_layout(rng, flip_rules(seed % 2 ? "flip_colour" : "flip_flag_capture",
                                                          seed % 2 ? "first-flip" : "any"));
    for (int ply = 0; ply < 300 && !game_status(pos).over(); ++ply) {
      MoveList list;
      generate(pos, list);
      ASSERT_EQ(list.size, count_moves(pos)) << to_jfen(pos);
      for (Move m : list) ASSERT_TRUE(is_legal(pos, m)) << to_jfen(pos) << " " << move_string(m);
      const std::string before = to_jfen(pos);
      FlipPosition::Undo u;
      const Move m = list.moves[rng.below(uint64_t(list.size))];
      pos.make(m, u);
      // JFEN holds the whole position but who was first once colours are assigned.
      const FlipPosition back = parse_flip_jfen(to_jfen(pos), pos.rules());
      ASSERT_TRUE(back.board() == pos.board() && back.face_down() == pos.face_down()) << before << " " << move_string(m);
      pos.unmake(u);
      ASSERT_EQ(to_jfen(pos), before);
      pos.make(m, u);
    }
  }
}

}  // namespace
}  // namespace junqi::engine
