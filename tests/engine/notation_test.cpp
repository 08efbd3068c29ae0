// Text forms of NOTATION.md: squares, moves, annotated moves and JFEN, including the
// parse errors, whose messages must say what is wrong.

#include "engine/notation.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/deployment.h"
#include "engine/error.h"
#include "tests/support/error_text.h"

namespace junqi::engine {
namespace {

using testing_support::contains;
using testing_support::error_of;

std::string jfen_error(std::string_view jfen) {
  return error_of([&] { parse_jfen(jfen); });
}

TEST(Notation, SquareNames) {
  // Rank-major numbering (geometry.h): a1 = 0, e1 = 4, a2 = 5, e12 = 59.
  EXPECT_EQ(square_name(0), "a1");
  EXPECT_EQ(square_name(4), "e1");
  EXPECT_EQ(square_name(5), "a2");
  EXPECT_EQ(square_name(27), "c6");
  EXPECT_EQ(square_name(59), "e12");
  EXPECT_EQ(parse_square("c6"), Square(27));
  EXPECT_EQ(parse_square("e12"), Square(59));
  for (int s = 0; s < TwoPlayerBoard::kSquares; ++s)
    EXPECT_EQ(parse_square(square_name(Square(s))), Square(s));
}

TEST(Notation, BadSquaresRejected) {
  for (std::string_view bad :
       {"f1", "a0", "a13", "a01", "", "a", "A1", "a1x", "a-1", "a+1", "e 1", "12", "aa"})
    EXPECT_FALSE(parse_square(bad).has_value()) << "'" << bad << "'";
}

TEST(Notation, Moves) {
  const Move m = parse_move("a6-a7");
  EXPECT_EQ(square_name(from_sq(m)), "a6");
  EXPECT_EQ(square_name(to_sq(m)), "a7");
  EXPECT_EQ(move_string(m), "a6-a7");
  EXPECT_EQ(move_string(parse_move("e12-d12")), "e12-d12");
}

TEST(Notation, MoveErrors) {
  EXPECT_PRED2(contains, error_of([] { parse_move("a6a7"); }), "expected <from>-<to>");
  EXPECT_PRED2(contains, error_of([] { parse_move("f6-a7"); }), "bad from-square 'f6'");
  EXPECT_PRED2(contains, error_of([] { parse_move("a6-a13"); }), "bad to-square 'a13'");
  EXPECT_PRED2(contains, error_of([] { parse_move("a6-"); }), "bad to-square");
  EXPECT_PRED2(contains, error_of([] { parse_move("a6-a6"); }), "same square");
  EXPECT_PRED2(contains, error_of([] { parse_move("a6xa7"); }), "a6xa7");
}

TEST(Notation, AnnotatedMoves) {
  const Move m = parse_move("a6-a7");
  EXPECT_EQ(annotated_move(m, Outcome::kQuiet), "a6-a7");
  EXPECT_EQ(annotated_move(m, Outcome::kAttackerWins), "a6xa7>");
  EXPECT_EQ(annotated_move(m, Outcome::kDefenderWins), "a6xa7<");
  EXPECT_EQ(annotated_move(m, Outcome::kBothDie), "a6xa7=");
}

TEST(Notation, PieceLetters) {
  // RULES.md §2 letters in rank order, uppercase Red, lowercase Blue; X/x unknown.
  const std::string_view letters = "MGDRTYCPEBLF";
  for (size_t t = 0; t < letters.size(); ++t) {
    EXPECT_EQ(piece_char(make_piece(kRed, PieceType(t))), letters[t]);
    EXPECT_EQ(piece_char(make_piece(kBlue, PieceType(t))), letters[t] - 'A' + 'a');
    EXPECT_EQ(parse_piece_char(letters[t]), make_piece(kRed, PieceType(t)));
  }
  EXPECT_EQ(parse_piece_char('x'), make_piece(kBlue, kUnknownType));
  EXPECT_EQ(piece_char(make_piece(kRed, kUnknownType)), 'X');
  EXPECT_FALSE(parse_piece_char('Z').has_value());
  EXPECT_FALSE(parse_piece_char('1').has_value());
}

// NOTATION.md's sample deployment for both sides, written out by hand. Red (rank 1 = own
// back rank, file a = own left): LFLPE / CLBYE / T+R+C / DP+MB / Y+G+T / ERPDC on ranks 1..6.
// Blue reads the same groups from rank 12 down and from file e leftwards, so each group is
// reversed and lowercased: rank 12 "eplfl", 11 "eyblc", 10 "c+r+t", 9 "bm+pd", 8 "t+g+y",
// 7 "cdpre"; camps become empty-square digits.
constexpr std::string_view kSampleStart =
    "eplfl/eyblc/c1r1t/bm1pd/t1g1y/cdpre/ERPDC/Y1G1T/DP1MB/T1R1C/CLBYE/LFLPE r 0 0";

TEST(Notation, JfenRoundTripOfTheSampleStart) {
  const Deployment d = parse_legal_deployment(kSampleDeployment);
  const Position start = start_position(d, d);
  EXPECT_EQ(to_jfen(start), kSampleStart);
  const Position parsed = parse_jfen(kSampleStart);
  EXPECT_TRUE(parsed == start);
  EXPECT_EQ(parsed.hash(), start.hash());
  EXPECT_EQ(to_jfen(parsed), kSampleStart);
  // Counters and side survive the round trip.
  const std::string later =
      "eplfl/eyblc/c1r1t/bm1pd/t1g1y/cdpre/ERPDC/Y1G1T/DP1MB/T1R1C/CLBYE/LFLPE b 12 345";
  EXPECT_EQ(to_jfen(parse_jfen(later)), later);
}

TEST(Notation, JfenWrongRankCount) {
  // 11 ranks.
  const std::string msg = jfen_error("3f1/5/5/5/5/5/5/5/5/5/1F3 r 0 0");
  EXPECT_PRED2(contains, msg, "12 ranks");
  EXPECT_PRED2(contains, msg, "got 11");
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/5/1F3 r 0 0"), "got 13");
}

TEST(Notation, JfenWrongWidth) {
  // The 6th '/'-group is rank 7: "33" describes 6 squares, "4" only 4.
  std::string msg = jfen_error("3f1/5/5/5/5/33/5/5/5/5/5/1F3 r 0 0");
  EXPECT_PRED2(contains, msg, "rank 7");
  EXPECT_PRED2(contains, msg, "more than 5");
  msg = jfen_error("3f1/5/5/5/5/4/5/5/5/5/5/1F3 r 0 0");
  EXPECT_PRED2(contains, msg, "rank 7");
  EXPECT_PRED2(contains, msg, "fewer than 5");
  // Too many pieces on rank 1 (6 squares), and an empty rank 12.
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/PF3P r 0 0"), "rank 1 ");
  EXPECT_PRED2(contains, jfen_error("/5/5/5/5/5/5/5/5/5/5/1F3 r 0 0"), "rank 12");
  // '0' and '6' are not run lengths.
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/1F30 r 0 0"), "'0'");
  EXPECT_PRED2(contains, jfen_error("3f1/6/5/5/5/5/5/5/5/5/5/1F3 r 0 0"), "rank 11");
}

TEST(Notation, JfenUnknownLetter) {
  const std::string msg = jfen_error("3f1/5/5/5/2Z2/5/5/5/5/5/5/1F3 r 0 0");
  EXPECT_PRED2(contains, msg, "'Z'");
  EXPECT_PRED2(contains, msg, "rank 8");
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/1F2q r 0 0"), "'q'");
}

TEST(Notation, JfenBadFields) {
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/1F3 w 0 0"), "side to move");
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/1F3 R 0 0"), "'R'");
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/1F3 r -1 0"), "quiet-plies");
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/1F3 r x 0"), "quiet-plies");
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/1F3 r 0 -3"), "ply");
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/1F3 r 0 12abc"), "'12abc'");
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/1F3 r 0 +4"), "ply");
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/1F3 r 0 99999999999999999999"), "ply");
  // Field count: missing ply, an extra field, a double space.
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/1F3 r 0"), "4 fields");
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/1F3 r 0 0 0"), "4 fields");
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/5/1F3  r 0 0"), "4 fields");
}

TEST(Notation, JfenTooManyPiecesOfOneType) {
  // RULES.md §2: one Field Marshal, two Bombs, three Landmines, one Flag per side.
  std::string msg = jfen_error("3f1/5/5/5/5/5/5/5/5/5/MM3/1F3 r 0 0");
  EXPECT_PRED2(contains, msg, "Field Marshal");
  EXPECT_PRED2(contains, msg, "at most 1");
  msg = jfen_error("3f1/bbb2/5/5/5/5/5/5/5/5/5/1F3 r 0 0");
  EXPECT_PRED2(contains, msg, "Bomb");
  EXPECT_PRED2(contains, msg, "blue");
  EXPECT_PRED2(contains, msg, "at most 2");
  EXPECT_PRED2(contains, jfen_error("1f1f1/5/5/5/5/5/5/5/5/5/5/1F3 r 0 0"), "Flag");
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/5/5/5/5/LLLL1/1F3 r 0 0"), "Landmine");
  // The limits themselves are accepted: 3 engineers, 2 bombs.
  EXPECT_NO_THROW(parse_jfen("3f1/5/5/5/5/5/5/5/5/5/EEEBB/1F3 r 0 0"));
}

TEST(Notation, UnknownPieces) {
  // X / x: only in a player's view, never in a full-information position.
  const std::string_view view = "3f1/5/5/5/5/2x2/5/5/5/5/5/1F3 r 0 0";
  EXPECT_PRED2(contains, jfen_error(view), "'x'");
  EXPECT_PRED2(contains, jfen_error("3f1/5/5/5/5/5/2X2/5/5/5/5/1F3 r 0 0"), "'X'");
  const JfenFields f = parse_jfen_fields(view, true);
  EXPECT_EQ(f.board[parse_square("c7").value()], make_piece(kBlue, kUnknownType));
  EXPECT_EQ(to_jfen(f), view);
  EXPECT_THROW(parse_jfen_fields(view, false), Error);
  // A view holds at most 25 pieces of a side: 26 x are too many.
  const std::string many = "xxxxx/xxxxx/xxxxx/xxxxx/xxxxx/x4/5/5/5/5/5/1F3 r 0 0";
  EXPECT_PRED2(contains, error_of([&] { parse_jfen_fields(many, true); }), "26 blue pieces");
  EXPECT_NO_THROW(parse_jfen_fields("xxxxx/xxxxx/xxxxx/xxxxx/xxxxx/5/5/5/5/5/5/1F3 r 0 0", true));
}

}  // namespace
}  // namespace junqi::engine
