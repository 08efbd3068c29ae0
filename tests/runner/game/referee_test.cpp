// The referee and matches with in-process bots: records replay, pairing, determinism,
// and that a bot's view never holds an enemy identity the rules did not reveal.
#include <gtest/gtest.h>

#include <cstdio>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/notation.h"
#include "runner/players/bot_player.h"
#include "runner/tournament/match.h"
#include "runner/game/referee.h"
#include "runner/game/replay.h"
#include "runner/game/time_control.h"
#include "search/random_bot.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

std::string temp_file(const std::string& name) {
  const std::string path = testing::TempDir() + name;
  std::remove(path.c_str());
  return path;
}

TEST(TimeControl, ParsesEveryFormAndRejectsBadOnes) {
  EXPECT_EQ(runner::parse_time_control("movetime=250").movetime_ms, 250);
  const auto clock = runner::parse_time_control("clock=60000+500");
  EXPECT_EQ(clock.base_ms, 60000);
  EXPECT_EQ(clock.increment_ms, 500);
  EXPECT_EQ(runner::parse_time_control("iterations=2000").iterations, 2000);
  EXPECT_EQ(runner::parse_time_control("clock=1000+0").text(), "clock=1000+0");
  for (const char* bad : {"movetime=", "movetime=-5", "clock=abc", "iters=5", "iterations=0", "clock=5+x"})
    EXPECT_THROW(runner::parse_time_control(bad), Error) << bad;
}

// Wraps the random bot and checks at every move what its view shows of the enemy: in a
// dark game no identity except flags that a Field Marshal's death revealed; in an open
// game every identity.
class SpyBot final : public search::Bot {
 public:
  explicit SpyBot(bool open = false) : open_(open) {}
  void new_game(Color side, const Rules& rules, uint64_t seed) override { inner_.new_game(side, rules, seed); }
  Deployment deploy() override { return inner_.deploy(); }
  Move choose_move(const View& view, const search::Limits& limits) override {
    for (int s = 0; s < TwoPlayerBoard::kSquares; ++s) {
      const Piece p = view.board().piece_on(Square(s));
      if (p == kNoPiece || color_of(p) == view.side()) continue;
      if (open_) {
        EXPECT_NE(type_of(p), kUnknownType) << "open game hides " << square_name(Square(s));
      } else if (type_of(p) != kUnknownType) {
        EXPECT_EQ(type_of(p), kFlag) << "enemy piece " << piece_char(p) << " visible on " << square_name(Square(s));
        ++flags_seen;
      }
    }
    ++moves;
    return inner_.choose_move(view, limits);
  }
  int moves = 0, flags_seen = 0;

 private:
  bool open_;
  search::RandomBot inner_;
};

TEST(Referee, DarkGamesHideEnemyPiecesFromInProcessBots) {
  int moves = 0, flags = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    auto red_spy = std::make_unique<SpyBot>(), blue_spy = std::make_unique<SpyBot>();
    SpyBot *r = red_spy.get(), *b = blue_spy.get();
    runner::BotPlayer red("spy", std::move(red_spy)), blue("spy", std::move(blue_spy));
    runner::GameSetup setup;
    setup.seed = seed;
    const runner::GameRecord record = runner::play_game(red, blue, setup);
    EXPECT_NO_THROW(runner::replay(record));
    moves += r->moves + b->moves;
    flags += r->flags_seen + b->flags_seen;
  }
  EXPECT_GT(moves, 1000);
  EXPECT_GT(flags, 0);  // some Field Marshal died in 30 games and its flag was shown
}

TEST(Referee, OpenGamesShowEverything) {
  auto spy = std::make_unique<SpyBot>(true);
  SpyBot* seen = spy.get();
  runner::BotPlayer red("spy", std::move(spy));
  runner::BotPlayer blue("random", std::make_unique<search::RandomBot>());
  runner::GameSetup setup;
  setup.rules.set("kind", "open");
  setup.rules.set("max_plies", "40");
  const runner::GameRecord record = runner::play_game(red, blue, setup);
  EXPECT_GT(seen->moves, 0);
  EXPECT_NO_THROW(runner::replay(record));
}

TEST(Match, RecordsReplayAndPairsShareDeployments) {
  runner::MatchConfig config;
  config.first = "random";
  config.second = "random";
  config.games = 6;
  config.paired = true;
  config.seed = 7;
  config.out = temp_file("paired.jsonl");
  const runner::MatchScore score = runner::play_match(config);
  EXPECT_EQ(score.games(), 6);
  const auto records = runner::read_records(config.out);
  ASSERT_EQ(records.size(), 6u);
  for (size_t i = 0; i < records.size(); ++i) {
    EXPECT_NO_THROW(runner::replay(records[i])) << i;
    if (i % 2 == 1) {  // the second game of a pair: same deployments on the same sides
      EXPECT_EQ(records[i].red_deployment, records[i - 1].red_deployment);
      EXPECT_EQ(records[i].blue_deployment, records[i - 1].blue_deployment);
    }
  }
  EXPECT_NE(records[0].red_deployment, records[2].red_deployment);  // a new pair, new deployments
}

TEST(Match, EachPlayerMayHaveItsOwnTimeControl) {
  runner::MatchConfig config;
  config.first = "random";
  config.second = "greedy";
  config.games = 2;
  config.time_control = runner::parse_time_control("iterations=5");
  config.second_time_control = runner::parse_time_control("movetime=30");
  config.out = temp_file("own_tc.jsonl");
  runner::play_match(config);
  const auto records = runner::read_records(config.out);
  ASSERT_EQ(records.size(), 2u);
  // Game 1 has the first player red; the record names red's time control, then blue's.
  EXPECT_EQ(records[0].time_control, "iterations=5 / movetime=30");
  EXPECT_EQ(records[1].time_control, "movetime=30 / iterations=5");
}

TEST(Match, SameSeedSameGames) {
  auto games = [](uint64_t seed) {
    runner::MatchConfig config;
    config.first = "random";
    config.second = "random";
    config.games = 3;
    config.seed = seed;
    config.out = temp_file("seed" + std::to_string(seed) + ".jsonl");
    runner::play_match(config);
    std::vector<std::string> moves;
    for (const auto& r : runner::read_records(config.out)) {
      std::string line;
      for (const auto& m : r.moves) line += annotated_move(m.move, m.outcome) + " ";
      moves.push_back(line + r.result);
    }
    return moves;
  };
  EXPECT_EQ(games(3), games(3));
  EXPECT_NE(games(3), games(4));
}

TEST(Record, RoundTripsThroughJson) {
  runner::BotPlayer red("random", std::make_unique<search::RandomBot>());
  runner::BotPlayer blue("random", std::make_unique<search::RandomBot>());
  runner::GameSetup setup;
  setup.seed = 11;
  const runner::GameRecord record = runner::play_game(red, blue, setup);
  const runner::GameRecord back = runner::parse_record(runner::to_json_line(record));
  EXPECT_EQ(runner::to_json_line(back), runner::to_json_line(record));
  // Players by index, beside the red and blue fields.
  EXPECT_NE(runner::to_json_line(record).find("\"players\":[\"" + record.red + "\",\"" + record.blue + "\"]"),
            std::string::npos);
}

TEST(Record, MalformedLinesNameTheField) {
  try {
    runner::parse_record(R"({"id":"1","seed":1,"rules":{"rail_maxx":"1"}})");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("rules"), std::string::npos) << e.what();
  }
}

// A bot that moves a Landmine: the referee must adjudicate the illegal move.
class IllegalBot final : public search::Bot {
 public:
  void new_game(Color side, const Rules&, uint64_t) override { side_ = side; }
  Deployment deploy() override { return parse_legal_deployment(kSampleDeployment); }
  Move choose_move(const View&, const search::Limits&) override {
    return side_ == kRed ? parse_move("b2-b3") : parse_move("d11-d10");  // the Landmines on b2 / d11
  }

 private:
  Color side_ = kRed;
};

TEST(Referee, IllegalMoveLoses) {
  runner::BotPlayer red("illegal", std::make_unique<IllegalBot>());
  runner::BotPlayer blue("random", std::make_unique<search::RandomBot>());
  const runner::GameRecord record = runner::play_game(red, blue, {});
  EXPECT_EQ(record.result, "0-1");
  EXPECT_EQ(record.reason, "illegal-move");
  EXPECT_TRUE(record.moves.empty());
}

}  // namespace
