// The live display of a tournament: plain lines with the standings every tenth of the
// games when the output is a file; the table redrawn in place on a terminal.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <string>

#include "runner/tournament/tournament_progress.h"

namespace {

using namespace junqi::runner;

std::string contents(std::FILE* f) {
  std::string s;
  std::rewind(f);
  for (int c; (c = std::fgetc(f)) != EOF;) s += char(c);
  return s;
}

size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

GameRecord finished_game(int id) {
  GameRecord r;
  r.id = std::to_string(id);
  r.result = "1-0";
  r.reason = "flag";
  return r;
}

TEST(TournamentProgress, AFileGetsOneLinePerGameAndTheTableEveryTenthOfTheGames) {
  std::FILE* f = std::tmpfile();
  int tables = 0;
  Progress progress(20, 0, f, false, [&] { return "TABLE " + std::to_string(++tables) + "\n"; });
  for (int i = 1; i <= 20; ++i) progress.game_done("a", "b", finished_game(i));
  progress.finish();
  const std::string text = contents(f);
  EXPECT_EQ(occurrences(text, "game "), 20u);
  // Every 2 games (a tenth of 20) but not after the last: the final report shows it then.
  EXPECT_EQ(tables, 9);
  EXPECT_NE(text.find("game 2  a - b  1-0  flag  0 plies  [2/20 games"), std::string::npos) << text;
  EXPECT_LT(text.find("game 2  a - b"), text.find("TABLE 1\n"));
  EXPECT_LT(text.find("TABLE 1\n"), text.find("game 3  a - b"));
  std::fclose(f);
}

TEST(TournamentProgress, ATerminalRedrawsTheTableInPlaceAndClearsItAtTheEnd) {
  std::FILE* f = std::tmpfile();
  Progress progress(3, 0, f, true, [] { return std::string("row 1\nrow 2\n"); });
  for (int i = 1; i <= 3; ++i) progress.game_done("a", "b", finished_game(i));
  progress.finish();
  const std::string text = contents(f);
  // First drawing: no cursor movement; the last game always redraws (2 lines up, clear
  // below); finish() erases it the same way and leaves the status line.
  // The bar: 20 cells, a third of them (6, rounded down) full after one game of three.
  EXPECT_EQ(text.rfind("\r\033[Krow 1\nrow 2\n[######..............] 1/3 games", 0), 0u) << text;
  EXPECT_EQ(occurrences(text, "\r\033[2A\033[J"), 2u) << text;
  EXPECT_NE(text.find("\r\033[2A\033[J[####################] 3/3 games"), std::string::npos) << text;
  EXPECT_EQ(text.back(), '\n');
  std::fclose(f);
}

// Ctrl-C's message lands below the live table: the next drawing starts afresh there
// instead of erasing lines that are no longer the table's.
TEST(TournamentProgress, AfterAnInterruptTheTableIsDrawnAfreshBelowTheMessage) {
  std::FILE* f = std::tmpfile();
  std::atomic<bool> interrupted{false};
  Progress progress(2, 0, f, true, [] { return std::string("row 1\nrow 2\n"); }, &interrupted);
  progress.game_done("a", "b", finished_game(1));
  interrupted = true;
  std::fputs("\njunqi: interrupted\n", f);  // what the signal handler writes
  progress.game_done("a", "b", finished_game(2));
  const std::string drawn = contents(f);
  EXPECT_EQ(occurrences(drawn, "\033[2A"), 0u) << drawn;
  EXPECT_NE(drawn.find("interrupted\n\r\033[Krow 1\nrow 2\n[####################] 2/2 games"), std::string::npos)
      << drawn;
  progress.finish();  // the table drawn after the message is erased as usual
  EXPECT_EQ(occurrences(contents(f), "\033[2A"), 1u);
  std::fclose(f);
}

}  // namespace
