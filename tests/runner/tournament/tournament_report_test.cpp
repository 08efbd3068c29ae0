// The tournament's tables: what is counted (finished pairs for two players), how the
// crosstable and the LOS matrix are numbered, the nElo and LLR lines, the Markdown file;
// from made-up results counted by hand.
#include <gtest/gtest.h>

#include <string>

#include "runner/game/text.h"
#include "runner/tournament/tournament_report.h"
#include "runner/tournament/tournament_scores.h"
#include "runner/tournament/tournament_sprt.h"

namespace {

using namespace junqi;
using namespace junqi::runner;

TournamentConfig players(std::initializer_list<const char*> names) {
  TournamentConfig c;
  for (const char* n : names) {
    TournamentPlayer p;
    p.name = p.spec = n;
    c.players.push_back(p);
  }
  return c;
}

// Game `pair`'s next game: `red` against `blue`, the result from Red's view.
void play(ScoreBoard& board, int64_t pair, int red, int blue, const char* result) {
  ScheduledGame g;
  g.pair = pair;
  g.players = {red, blue};
  GameRecord r;
  r.result = result;
  r.reason = std::string(result) == "1/2-1/2" ? "no-capture" : "flag";
  board.add(g, r);
}

TEST(TournamentReport, TwoPlayersCountFinishedPairsOnlyAndSayWhatWaits) {
  ScoreBoard board(2);
  play(board, 0, 0, 1, "1-0");      // pair 0: a wins as Red
  play(board, 1, 0, 1, "0-1");      // pair 1 opens: b wins
  play(board, 0, 1, 0, "1/2-1/2");  // pair 0 closes with a draw: a W1 D1, b D1 L1
  EXPECT_EQ(board.open_games(), 1);
  EXPECT_EQ(board.total(0).losses, 1);  // every game still counts in the totals
  EXPECT_EQ(board.paired_total(0).wins, 1);
  EXPECT_EQ(board.paired_total(0).draws, 1);
  EXPECT_EQ(board.paired_total(0).losses, 0);
  EXPECT_EQ(board.paired_total(1).losses, 1);
  EXPECT_EQ(board.paired_total(1).draws, 1);

  const TournamentConfig config = players({"a", "b"});
  const TournamentReport report = make_report(config, board, 4);
  ASSERT_EQ(report.standings.size(), 2u);
  EXPECT_EQ(report.standings[0].player, 0);
  EXPECT_EQ(report.standings[0].score.games(), 2);  // the table's W/D/L are the pair's games
  EXPECT_EQ(report.open_games, 1);
  ASSERT_TRUE(report.nelo);
  const std::string text = standings_text(config, board, report);
  EXPECT_NE(text.find("(1 game waits for its pair partner"), std::string::npos) << text;
  EXPECT_NE(text.find("Pairs (a's view) LL LD WL+DD WD WW: 0 0 0 1 0"), std::string::npos) << text;
  EXPECT_NE(text.find("nElo (a's view): "), std::string::npos) << text;
  EXPECT_NE(text.find("Elo (95%)"), std::string::npos) << text;
  EXPECT_EQ(text.find("Elo fit"), std::string::npos) << text;
}

// c beats everyone, a beats b: standings c, a, b; the crosstable and the LOS matrix list
// them in that order with the standings' numbers.
TEST(TournamentReport, ManyPlayersGetARatingFitACrosstableAndALosMatrixInStandingsOrder) {
  ScoreBoard board(3);
  int64_t pair = 0;
  for (auto [x, y] : {std::pair{2, 0}, std::pair{2, 1}, std::pair{0, 1}}) {
    play(board, pair, x, y, "1-0");
    play(board, pair, y, x, "0-1");
    ++pair;
  }
  const TournamentConfig config = players({"a", "b", "c"});
  const TournamentReport report = make_report(config, board, 6);
  EXPECT_TRUE(report.rating_fit);
  ASSERT_EQ(report.standings.size(), 3u);
  EXPECT_EQ(report.standings[0].player, 2);
  EXPECT_EQ(report.standings[1].player, 0);
  const std::string text = report_text(config, board, report);
  EXPECT_NE(text.find("Elo fit (95%)"), std::string::npos) << text;
  EXPECT_NE(text.find("Elo fit: one rating per player fitted to all games"), std::string::npos) << text;
  const size_t cross = text.find("Crosstable");
  const size_t los = text.find("LOS (row better than column");
  ASSERT_NE(cross, std::string::npos) << text;
  ASSERT_NE(los, std::string::npos) << text;
  // Row 1 is c: 2 of 2 against a (column 2) and against b (column 3).
  const size_t row1 = text.find("\n  1  c", cross);
  ASSERT_NE(row1, std::string::npos) << text;
  const std::string line = text.substr(row1 + 1, text.find('\n', row1 + 1) - row1 - 1);
  EXPECT_NE(line.find("-     2.0/2     2.0/2"), std::string::npos) << line;
  const size_t b_row = text.find("\n  3  b", cross);
  ASSERT_NE(b_row, std::string::npos) << text;
  EXPECT_NE(text.substr(b_row, text.find('\n', b_row + 1) - b_row).find("0.0/2     0.0/2"), std::string::npos) << text;
  // One finished pair per pairing, in brackets.
  const size_t los_row1 = text.find("\n  1  c", los);
  ASSERT_NE(los_row1, std::string::npos) << text;
  const std::string los_line = text.substr(los_row1 + 1, text.find('\n', los_row1 + 1) - los_row1 - 1);
  EXPECT_EQ(std::count(los_line.begin(), los_line.end(), '('), 2) << los_line;
  EXPECT_NE(los_line.find("% (1)"), std::string::npos) << los_line;

  const std::string md = report_markdown(config, board, report);
  EXPECT_NE(md.find("| draw % |"), std::string::npos) << md;
  EXPECT_NE(md.find("Crosstable"), std::string::npos) << md;
  EXPECT_NE(md.find("| 1 | c | - | 2.0/2 | 2.0/2 |"), std::string::npos) << md;
  EXPECT_NE(md.find("Game ends: flag 6."), std::string::npos) << md;
}

TEST(TournamentReport, LlrShareIsOfTheBoundTheLlrHeadsFor) {
  stats::SprtResult r;
  r.lower = -2.94;
  r.upper = 2.94;
  r.llr = 1.47;
  EXPECT_DOUBLE_EQ(llr_share(r), 50.0);
  r.llr = -2.94;
  EXPECT_DOUBLE_EQ(llr_share(r), 100.0);
  r.lower = -1.0;
  r.llr = -0.25;
  EXPECT_DOUBLE_EQ(llr_share(r), 25.0);
}

TEST(TournamentReport, ANegativeNumberThatRoundsToZeroIsShownWithoutASign) {
  EXPECT_EQ(fixed(-0.04, 1), "0.0");
  EXPECT_EQ(fixed(-0.0, 2), "0.00");
  EXPECT_EQ(fixed(-0.06, 1), "-0.1");
  EXPECT_EQ(fixed(-12.0, 0), "-12");
}

}  // namespace
