// J4FEN and four-player move text: round trips, and one clear error for each kind of bad
// input.

#include "engine/four/notation.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/four/deployment.h"
#include "tests/support/error_text.h"

namespace junqi::engine::four {
namespace {

using testing_support::contains;
using testing_support::error_of;

// Issue 16's second position: pieces of other seats in halves and in the centre.
constexpr const char* kMidgame =
    "2P1M/P1YG1/R2B1/DPTCC/CLELR/1FLYT|R3wE/C2C1/1T1B1/TPMC1/YLLRL/EDGFP|1Y1P1/1Y1CT/DM1C1/1BGEP/RELLL/CFRDB|"
    "1CeE1R/1TE2/1B1TE/DG1YC/DBMLR/YLLFP|1wCeY/1wP1/sB2 s 18 60";

std::string j4fen_error(const std::string& text) {
  return error_of([&] { parse_j4fen(text); });
}

TEST(FourNotation, MovesAndSquares) {
  const Move m = four::parse_move("Sa6-Ca1");
  EXPECT_EQ(four::move_string(m), "Sa6-Ca1");
  EXPECT_EQ(from_sq(m), Board::square(kSouth, 0, 6));
  EXPECT_EQ(to_sq(m), Board::centre(0, 1));
  EXPECT_EQ(four::annotated_move(m, Outcome::kAttackerWins), "Sa6xCa1>");
  EXPECT_EQ(four::annotated_move(m, Outcome::kBothDie), "Sa6xCa1=");
  EXPECT_PRED2(contains, error_of([] { four::parse_move("Sa6Ca1"); }), "expected <from>-<to>");
  EXPECT_PRED2(contains, error_of([] { four::parse_move("Sa6-Cd1"); }), "bad to-square 'Cd1'");
  EXPECT_PRED2(contains, error_of([] { four::parse_move("Sa7-Ca1"); }), "bad from-square 'Sa7'");
}

TEST(FourNotation, RoundTrip) {
  const Position pos = parse_j4fen(kMidgame);
  EXPECT_EQ(to_j4fen(pos), kMidgame);
  // Pieces of other seats: a West Engineer on Wc6 is East's piece (eE) in West's half...
  EXPECT_EQ(pos.piece_on(*parse_square("Wc6")), make_piece(kEast, kEngineer));
  // ... and the centre's pieces carry their seats: sB on Ca1, wC on Cb3, eY on Cc3.
  EXPECT_EQ(pos.piece_on(*parse_square("Ca1")), make_piece(kSouth, kBomb));
  EXPECT_EQ(pos.piece_on(*parse_square("Cb3")), make_piece(kWest, kCompany));
  EXPECT_EQ(pos.piece_on(*parse_square("Cc3")), make_piece(kEast, kBattalion));
  // Each half in its owner's frame, rank 6 first: East's "R3wE" is Ea6 R ... Ee6 wE.
  EXPECT_EQ(pos.piece_on(*parse_square("Ea6")), make_piece(kEast, kBrigade));
  EXPECT_EQ(pos.piece_on(*parse_square("Ee6")), make_piece(kWest, kEngineer));
  EXPECT_EQ(pos.side_to_move(), kSouth);
  EXPECT_EQ(pos.quiet_plies(), 18);
  EXPECT_EQ(pos.ply(), 60);
}

TEST(FourNotation, StartFromDeployments) {
  // Each seat deploys the same string in its own frame: every half reads the same.
  const Deployment d = parse_legal_deployment(kSampleDeployment);
  const Position pos = start_position({d, d, d, d});
  const std::string half = "ERPDC/Y1G1T/DP1MB/T1R1C/CLBYE/LFLPE";  // the deployment, front rank first
  EXPECT_EQ(to_j4fen(pos), half + "|" + half + "|" + half + "|" + half + "|3/3/3 s 0 0");
  EXPECT_EQ(parse_j4fen(to_j4fen(pos)), pos);
}

TEST(FourNotation, Errors) {
  const std::string ok_halves =
      "2P1M/P1YG1/R2B1/DPTCC/CLELR/1FLYT|R3wE/C2C1/1T1B1/TPMC1/YLLRL/EDGFP|"
      "1Y1P1/1Y1CT/DM1C1/1BGEP/RELLL/CFRDB|1CeE1R/1TE2/1B1TE/DG1YC/DBMLR/YLLFP";
  EXPECT_PRED2(contains, j4fen_error(ok_halves + "|1wCeY/1wP1/sB2 s 18"), "expected 4 fields");
  EXPECT_PRED2(contains, j4fen_error(ok_halves + " s 18 60"), "expected 5 parts");
  // A half with five ranks, a rank too wide, too narrow.
  EXPECT_PRED2(contains,
               j4fen_error("5/5/5/5/5|" + ok_halves.substr(ok_halves.find('|') + 1) + "|3/3/3 s 0 1"),
               "half S");
  EXPECT_PRED2(contains,
               j4fen_error("5/5/5/5/5|" + ok_halves.substr(ok_halves.find('|') + 1) + "|3/3/3 s 0 1"),
               "expected 6 ranks");
  EXPECT_PRED2(contains, j4fen_error(ok_halves + "|1wCeY/1wP1/sB3 s 18 60"), "centre rank 1");
  EXPECT_PRED2(contains, j4fen_error(ok_halves + "|1wCeY/1wP1/sB3 s 18 60"), "more than 3 squares");
  EXPECT_PRED2(contains, j4fen_error(ok_halves + "|1wCeY/wP1/sB2 s 18 60"), "fewer than 3 squares");
  // Unknown letters, a centre piece without its seat, the owner's piece with a seat letter.
  EXPECT_PRED2(contains, j4fen_error(ok_halves + "|1wCeY/1wQ1/sB2 s 18 60"), "unknown piece letter 'Q'");
  EXPECT_PRED2(contains, j4fen_error(ok_halves + "|1wCeY/1P1/sB2 s 18 60"), "seat letter");
  EXPECT_PRED2(contains,
               j4fen_error("sP1P1M/P1YG1/R2B1/DPTCC/CLELR/1FLYT" + ok_halves.substr(ok_halves.find('|')) +
                           "|3/3/3 s 0 1"),
               "uppercase");
  EXPECT_PRED2(contains, j4fen_error(ok_halves + "|1wCeY/1xP1/sB2 s 18 60"), "unknown symbol 'x'");
  // Counts: a second South Marshal in the centre.
  EXPECT_PRED2(contains, j4fen_error(ok_halves + "|1wCeY/1sM1/sB2 s 18 60"), "seat S has 2 Field Marshal");
  // Side and counters.
  EXPECT_PRED2(contains, j4fen_error(ok_halves + "|1wCeY/1wP1/sB2 r 18 60"), "side to move");
  EXPECT_PRED2(contains, j4fen_error(ok_halves + "|1wCeY/1wP1/sB2 s -1 60"), "quiet-plies");
  EXPECT_PRED2(contains, j4fen_error(ok_halves + "|1wCeY/1wP1/sB2 s 18 x"), "ply");
  // A seat with pieces but no Flag; a side to move that is out.
  EXPECT_PRED2(contains,
               j4fen_error("5/1Y3/2D2/1DP2/L2CL/LFETE|5/2nDT1/3E1/1T3/1R1L1/LFGLM|3C1/1B3/2B2/2T2/2L1L/LFPYY|"
                           "2sC2/5/5/4sM/5/4P|3/3/3 s 0 431"),
               "seat W has pieces but no Flag");
  EXPECT_PRED2(contains,
               j4fen_error("5/1Y3/2D2/1DP2/L2CL/LFETE|5/2nDT1/3E1/1T3/1R1L1/LFGLM|3C1/1B3/2B2/2T2/2L1L/LFPYY|"
                           "2sC2/5/5/4sM/5/5|3/3/3 w 0 431"),
               "seat w is out");
}

TEST(FourNotation, StartMustBeFourDeployments) {
  const std::string half = "ERPDC/Y1G1T/DP1MB/T1R1C/CLBYE/LFLPE";
  const std::string start = half + "|" + half + "|" + half + "|" + half + "|3/3/3 s 0 0";
  EXPECT_NO_THROW(parse_j4fen(start));
  // East's Engineer moved from Ea6 into the camp Eb5: fine later in a game, not at ply 0.
  const std::string camp = "1RPDC/YEG1T/DP1MB/T1R1C/CLBYE/LFLPE";
  const std::string moved = half + "|" + camp + "|" + half + "|" + half + "|3/3/3 s 0 ";
  EXPECT_NO_THROW(parse_j4fen(moved + "1"));
  const std::string msg = j4fen_error(moved + "0");
  EXPECT_PRED2(contains, msg, "ply 0");
  EXPECT_PRED2(contains, msg, "seat E");
  EXPECT_PRED2(contains, msg, "camp");
  // A piece outside its own half at the start: South's Engineer from Sa6 on Ca1.
  const std::string msg2 =
      j4fen_error("1RPDC/Y1G1T/DP1MB/T1R1C/CLBYE/LFLPE|" + half + "|" + half + "|" + half + "|3/3/sE2 s 0 0");
  EXPECT_PRED2(contains, msg2, "outside its own half");
  // A seat short of pieces at the start (here only its Flag).
  const std::string msg3 = j4fen_error(half + "|5/5/5/5/5/1F3|" + half + "|" + half + "|3/3/3 s 0 0");
  EXPECT_PRED2(contains, msg3, "seat E has 1 pieces");
}

}  // namespace
}  // namespace junqi::engine::four
