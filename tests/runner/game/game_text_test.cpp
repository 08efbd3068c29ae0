// Game text: games written as tags and numbered moves read back to the same records
// (times aside, which the text does not keep), and damaged text named by line.
#include "runner/game/game_text.h"

#include <gtest/gtest.h>

#include "engine/error.h"
#include "runner/game/referee.h"
#include "runner/game/replay.h"
#include "runner/players/bot_player.h"
#include "search/random_bot.h"
#include "tests/support/error_text.h"

namespace {

using namespace junqi;
using testing_support::contains;
using testing_support::error_of;

runner::GameRecord random_game(const char* kind, uint64_t seed) {
  runner::BotPlayer a("one \"quoted\" \\ name", std::make_unique<search::RandomBot>());
  runner::BotPlayer b("two", std::make_unique<search::RandomBot>());
  runner::GameSetup setup;
  setup.seed = seed;
  setup.rules.set("kind", kind);
  setup.rules.set("max_plies", "120");
  setup.time_control = runner::parse_time_control("iterations=1");
  return runner::play_game(a, b, setup);
}

void expect_same_game(const runner::GameRecord& a, const runner::GameRecord& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.red, b.red);
  EXPECT_EQ(a.blue, b.blue);
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.rules, b.rules);
  EXPECT_EQ(a.result, b.result);
  EXPECT_EQ(a.reason, b.reason);
  EXPECT_EQ(a.red_deployment, b.red_deployment);
  EXPECT_EQ(a.blue_deployment, b.blue_deployment);
  EXPECT_EQ(a.layout, b.layout);
  EXPECT_EQ(a.first_colour, b.first_colour);
  ASSERT_EQ(a.moves.size(), b.moves.size());
  for (size_t i = 0; i < a.moves.size(); ++i) {
    EXPECT_EQ(a.moves[i].move, b.moves[i].move) << i;
    EXPECT_EQ(a.moves[i].outcome, b.moves[i].outcome) << i;
    EXPECT_EQ(a.moves[i].attacker, b.moves[i].attacker) << i;
    EXPECT_EQ(a.moves[i].defender, b.moves[i].defender) << i;
    EXPECT_EQ(a.moves[i].turned_up, b.moves[i].turned_up) << i;
  }
}

TEST(GameText, DarkAndFlipGamesReadBackToTheSameRecords) {
  const std::vector<runner::GameRecord> games = {random_game("dark", 3), random_game("flip", 4), random_game("open", 5)};
  std::string text;
  for (const auto& g : games) text += runner::to_game_text(g) + "\n";
  ASSERT_TRUE(runner::looks_like_game_text(text));
  const std::vector<runner::GameRecord> back = runner::parse_game_text(text, "games.txt");
  ASSERT_EQ(back.size(), games.size());
  for (size_t i = 0; i < games.size(); ++i) expect_same_game(games[i], back[i]);
  EXPECT_NO_THROW(runner::replay(back[0]));
  EXPECT_NO_THROW(runner::replay_flip(back[1]));
  // A fight names its pieces; the numbering counts pairs of plies.
  EXPECT_TRUE(contains(text, "1. ")) << text;
  EXPECT_FALSE(runner::looks_like_game_text("{\"id\":\"1\"}"));
}

TEST(GameText, DamagedTextNamesTheLine) {
  const std::string good = runner::to_game_text(random_game("dark", 3));
  const size_t moves = good.find("\n\n") + 2;  // the first line of moves
  const auto error = [](const std::string& text) { return error_of([&] { runner::parse_game_text(text, "g.txt"); }); };
  EXPECT_PRED2(contains, error("[Id \"1\"\n"), "g.txt:1: expected a tag");
  EXPECT_PRED2(contains, error("1. a6-a7\n"), "g.txt:1: expected a tag [Name \"value\"] to begin a game");
  EXPECT_PRED2(contains, error(good.substr(0, good.rfind('\n', good.size() - 2) + 1)), "the last game has no result");
  std::string no_pieces = good;
  const size_t paren = no_pieces.find('(', moves);
  if (paren != std::string::npos) {  // the random game had a fight
    no_pieces.erase(paren, 4);
    EXPECT_PRED2(contains, error(no_pieces), "a fight names its two pieces");
  }
  std::string bad_seed = good;
  bad_seed.replace(bad_seed.find("[Seed \"") + 7, 1, "x");
  EXPECT_PRED2(contains, error(bad_seed), "Seed: expected an unsigned 64-bit number");
  EXPECT_PRED2(contains, error("[Id \"1\"]\n\n1-0\n"), "the game has no Red tag");
  // The result closes the last line; a Result tag that disagrees is named there.
  std::string wrong_result = good;
  wrong_result.replace(wrong_result.rfind("[Result \"") + 9, 1, "9");
  const int last_line = int(std::count(good.begin(), good.end(), '\n'));
  EXPECT_PRED2(contains, error(wrong_result), "g.txt:" + std::to_string(last_line) + ": the moves end in ");
}

}  // namespace
