// The contest protocol's text forms (runner/protocols/contest_protocol.h). Expected values are
// worked out by hand from RULES.md §1 (board), NOTATION.md (squares, the sample
// deployment) and the protocol's description (rows A..L from the receiver's far side,
// columns 0..4 from its own left; the second player's frame turned half a turn).
#include "runner/protocols/contest_protocol.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/notation.h"
#include "runner/players/contest_player.h"

namespace {

using namespace junqi;
using engine::kBlue;
using engine::kRed;
namespace contest = runner::contest;

engine::Square sq(const char* name) { return *engine::parse_square(name); }
engine::Move mv(const char* from, const char* to) { return engine::make_move(sq(from), sq(to)); }

TEST(ContestProtocol, SquaresInEachSidesFrame) {
  struct Case {
    const char* square;  // ours
    engine::Color side;
    const char* contest;
    const char* why;
  };
  const Case cases[] = {
      // Red: own back rank 1 is row L, far rank 12 row A; own left is file a.
      {"b1", kRed, "L1", "Red's headquarters b1 is its own L1"},
      {"d1", kRed, "L3", "Red's headquarters d1 is its own L3"},
      {"b12", kRed, "A1", "Blue's headquarters b12 is Red's A1"},
      {"a6", kRed, "G0", "Red's front rank 6 is row G, file a column 0"},
      {"a7", kRed, "F0", "Blue's front rank 7 is row F"},
      {"e2", kRed, "K4", "rank 2 is row K, file e column 4"},
      {"c4", kRed, "I2", "the centre camp c4 is the ARRAY's skipped I2"},
      {"b5", kRed, "H1", "camp b5 is the skipped H1"},
      // Blue: own back rank 12 is row L, own left is file e (NOTATION: board turned round).
      {"d12", kBlue, "L1", "Blue's headquarters d12 is its own L1"},
      {"b12", kBlue, "L3", "Blue's headquarters b12 is its own L3"},
      {"d1", kBlue, "A1", "Red's headquarters d1 is Blue's A1"},
      {"b1", kBlue, "A3", "Red's headquarters b1 is Blue's A3"},
      {"e7", kBlue, "G0", "Blue's front rank 7, its left file e"},
      {"a6", kBlue, "F4", "Red's a6 seen by Blue: row F, column 4"},
      {"d8", kBlue, "H1", "camp d8 is Blue's skipped H1 (Red's H1 is b5)"},
      {"c9", kBlue, "I2", "camp c9 is Blue's skipped I2"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(contest::square_text(sq(c.square), c.side), c.contest) << c.why;
    EXPECT_EQ(contest::parse_square(c.contest, c.side), sq(c.square)) << c.why;
  }
  // Both frames agree through the half turn (row, col) -> (11 - row, 4 - col).
  for (int s = 0; s < engine::TwoPlayerBoard::kSquares; ++s) {
    const std::string red = contest::square_text(engine::Square(s), kRed);
    const std::string blue = contest::square_text(engine::Square(s), kBlue);
    EXPECT_EQ(blue[0], char('A' + 11 - (red[0] - 'A')));
    EXPECT_EQ(blue[1], char('0' + 4 - (red[1] - '0')));
  }
  for (const char* bad : {"M0", "A5", "a0", "A", "A00", "00"})
    EXPECT_FALSE(contest::parse_square(bad, kRed)) << bad;
}

TEST(ContestProtocol, PieceLettersFollowTheContestsOrder) {
  const std::pair<char, engine::PieceType> letters[] = {
      {'a', engine::kMarshal},  {'b', engine::kGeneral},   {'c', engine::kDivision}, {'d', engine::kBrigade},
      {'e', engine::kRegiment}, {'f', engine::kBattalion}, {'g', engine::kCompany},  {'h', engine::kPlatoon},
      {'i', engine::kEngineer}, {'j', engine::kMine},      {'k', engine::kBomb},     {'l', engine::kFlag}};
  for (const auto& [letter, type] : letters) {
    EXPECT_EQ(contest::piece_letter(type), letter);
    EXPECT_EQ(contest::parse_piece_letter(letter), type);
  }
  EXPECT_FALSE(contest::parse_piece_letter('m'));
  EXPECT_FALSE(contest::parse_piece_letter('A'));
}

TEST(ContestProtocol, ArrayOfTheSampleDeployment) {
  // NOTATION.md's sample LFLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC lists own ranks 1..6; ARRAY
  // lists rows G (rank 6) .. L (rank 1), camps skipped:
  //   G ERPDC -> idhcg   H Y.G.T -> fbe   I DP.MB -> chak   J T.R.C -> edg
  //   K CLBYE -> gjkfi   L LFLPE -> jljhi
  const std::string array = "ARRAY idhcgfbechakedggjkfijljhi";
  const engine::Deployment d = engine::parse_legal_deployment(engine::kSampleDeployment);
  EXPECT_EQ(contest::array_line(d), array);
  EXPECT_EQ(contest::parse_array(array), d);
  EXPECT_EQ(contest::parse_array(array + "  "), d);  // trailing blanks are no field
  EXPECT_THROW(contest::parse_array("ARRAY idhcg"), engine::Error);
  EXPECT_THROW(contest::parse_array("ARRAY idhcgfbechakedggjkfijljhx"), engine::Error);
  EXPECT_THROW(contest::parse_array("ARRAYidhcgfbechakedggjkfijljhi "), engine::Error);
}

TEST(ContestProtocol, MessagesHaveTheirFixedWidths) {
  EXPECT_EQ(contest::start_line({true, 6, 35}), "START 0 0006 35");
  EXPECT_EQ(contest::start_line({false, 123456, 150}), "START 1 9999 99");  // clamped into the fields
  EXPECT_EQ(contest::start_line({true, 0, -1}), "START 0 0001 00");
  EXPECT_EQ(contest::go_line({}, kRed), "GO 0000 0 00");
  // Red's a6 takes Blue's a7: Blue reads F4 -> G4 (see the squares above), code 1.
  EXPECT_EQ(contest::go_line({mv("a6", "a7"), engine::Outcome::kAttackerWins, {}}, kBlue), "GO F4G4 1 00");
  // Blue's e7 attacks e6 and dies: Red reads F4 -> G4, code 0; Blue's flag on d12 is Red's A3.
  EXPECT_EQ(contest::go_line({mv("e7", "e6"), engine::Outcome::kDefenderWins, sq("d12")}, kRed),
            "GO F4G4 0 A3");
  EXPECT_EQ(contest::result_line({engine::kNullMove, engine::Outcome::kBothDie, sq("b1")}, kBlue),
            "RESULT 2 A3");
  EXPECT_EQ(contest::result_line({engine::kNullMove, engine::Outcome::kQuiet, {}}, kRed), "RESULT 3 00");
  EXPECT_EQ(contest::bestmove_line(mv("a6", "a7"), kRed), "BESTMOVE G0F0");

  const contest::Start s = contest::parse_start("START 1 0600 30");
  EXPECT_FALSE(s.first);
  EXPECT_EQ(s.total_seconds, 600);
  EXPECT_EQ(s.wait, 30);
  const contest::Report go = contest::parse_go("GO F4G4 1 A1", kBlue);
  EXPECT_EQ(go.move, mv("a6", "a7"));
  EXPECT_EQ(go.outcome, engine::Outcome::kAttackerWins);
  EXPECT_EQ(go.enemy_flag, sq("d1"));
  EXPECT_EQ(contest::parse_go("GO 0000 0 00", kRed).move, engine::kNullMove);
  EXPECT_EQ(contest::parse_result("RESULT 0 00", kRed).outcome, engine::Outcome::kDefenderWins);
  EXPECT_EQ(contest::parse_bestmove("BESTMOVE G0F0", kBlue), mv("e7", "e6"));
  for (const char* bad : {"START 0 600 30", "START 2 0600 30", "START 0 06x0 30", "START 0 0600  30"})
    EXPECT_THROW(contest::parse_start(bad), engine::Error) << bad;
  for (const char* bad : {"GO 0000 0 0", "GO F4G4 4 00", "GO F4G4 1 Z9", "GO F4F4 1 00", "GO  F4G4 1 00"})
    EXPECT_THROW(contest::parse_go(bad, kRed), engine::Error) << bad;
  for (const char* bad :
       {"BESTMOVE G0-F0", "bestmove G0F0", "BESTMOVE G0G0", "BESTMOVE 0000", "BESTMOVE G5F0"})
    EXPECT_THROW(contest::parse_bestmove(bad, kRed), engine::Error) << bad;
  EXPECT_EQ(contest::parse_name("NAME Team Junqi"), "Team Junqi");
  EXPECT_EQ(contest::parse_name("  bare bot  "), "bare bot");
}

TEST(ContestProtocol, StartTotalFromTheTimeControl) {
  using runner::ContestPlayer;
  using runner::parse_time_control;
  EXPECT_EQ(ContestPlayer::total_seconds(parse_time_control("movetime=200"), 60000), 6);  // 30 x 0.2 s
  EXPECT_EQ(ContestPlayer::total_seconds(parse_time_control("clock=90000+500"), 60000), 90);
  EXPECT_EQ(ContestPlayer::total_seconds(parse_time_control("iterations=100"), 60000), 1800);  // 30 x 60 s
  EXPECT_EQ(ContestPlayer::total_seconds(parse_time_control("movetime=10"), 60000), 1);
  EXPECT_EQ(ContestPlayer::total_seconds(parse_time_control("clock=99999999+0"), 60000), 9999);
}

}  // namespace
