// Record files added up: pairs found within each file and checked to be pairs, W/D/L over
// every game, and `junqi stats --records` printing one line per pairing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "engine/error.h"
#include "runner/game/record.h"
#include "runner/tournament/pooled_records.h"
#include "tests/support/error_text.h"
#include "tests/support/junqi_command.h"

namespace {

using namespace junqi::runner;
using junqi::testing_support::error_of;
using junqi::testing_support::run_junqi;

std::string temp_file(const std::string& name) {
  const std::string path = testing::TempDir() + name;
  std::remove(path.c_str());
  return path;
}

GameRecord game(const std::string& id, const std::string& red, const std::string& blue, const std::string& result,
                const std::string& red_deployment = "D1", const std::string& blue_deployment = "D2") {
  GameRecord r;
  r.id = id;
  r.red = red;
  r.blue = blue;
  r.red_deployment = red_deployment;
  r.blue_deployment = blue_deployment;
  r.result = result;
  r.reason = result == "1/2-1/2" ? "no-capture-draw" : "flag";
  return r;
}

// Two runs of x against y. Pairs from x's view, worked out game by game:
//   a.jsonl pair 1: x wins as Red, y wins as Red          -> 1 point  (WL)
//           pair 2: x wins as Red, x wins as Blue         -> 2 points (WW)
//           game 5: its partner never played              -> no pair
//   b.jsonl pair 1: y wins as Blue, then a draw           -> 1/2      (LD)
//           games 3, 4: different Blue deployments        -> not a pair
// W/D/L of x over all nine games: W a1 a3 a4 b3, D a5 b2, L a2 b1 b4.
void write_two_runs(const std::string& a, const std::string& b) {
  {
    RecordWriter w(a);
    w.append(game("1", "x", "y", "1-0"));
    w.append(game("2", "y", "x", "1-0"));
    w.append(game("4", "y", "x", "0-1"));  // records of a resumed run need not be in order
    w.append(game("3", "x", "y", "1-0"));
    w.append(game("5", "y", "x", "1/2-1/2"));
  }
  RecordWriter w(b);
  w.append(game("1", "x", "y", "0-1"));
  w.append(game("2", "y", "x", "1/2-1/2"));
  w.append(game("3", "x", "y", "1-0"));
  w.append(game("4", "y", "x", "1-0", "D1", "D3"));
}

TEST(PooledRecords, PairsWithinEachFileAndOnlyTruePairs) {
  const std::string a = temp_file("pooled_a.jsonl"), b = temp_file("pooled_b.jsonl");
  write_two_runs(a, b);
  const PooledRecords pooled = pool_records({a, b});
  ASSERT_EQ(pooled.players, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(pooled.board.games(), 9);
  EXPECT_EQ(pooled.unpaired_games, 3);
  EXPECT_EQ(pooled.board.pentanomial(0, 1), (std::array<int64_t, 5>{0, 1, 1, 0, 1}));
  const PlayerScore& x = pooled.board.versus(0, 1);
  EXPECT_EQ(x.wins, 4);
  EXPECT_EQ(x.draws, 2);
  EXPECT_EQ(x.losses, 3);
}

TEST(PooledRecords, AGameIdTwiceInOneFileIsAnError) {
  const std::string a = temp_file("pooled_twice.jsonl");
  {
    RecordWriter w(a);
    w.append(game("1", "x", "y", "1-0"));
    w.append(game("1", "x", "y", "0-1"));
  }
  EXPECT_EQ(error_of([&] { pool_records({a}); }), a + ": game id '1' comes twice");
  EXPECT_NE(error_of([&] { pool_records({a + ".missing"}); }).find("cannot open record file"), std::string::npos);
}

TEST(StatsCli, RecordsAddUpPairingByPairing) {
  const std::string a = temp_file("pooled_cli_a.jsonl"), b = temp_file("pooled_cli_b.jsonl");
  write_two_runs(a, b);
  const auto r = run_junqi("stats --records " + a + " " + b);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("records  2 files, 9 games, 3 of them outside pairs"), std::string::npos) << r.out;
  // x's view: 4-2-3 over nine games, 5 points (55.6%), pairs 0,1,1,0,1.
  EXPECT_NE(r.out.find("x vs y"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("4-2-3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("0,1,1,0,1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("55.6%"), std::string::npos) << r.out;
  // Against x: y's view, the counts mirrored.
  const auto against = run_junqi("stats --records " + a + " " + b + " --against x --sprt elo0=0 elo1=20");
  ASSERT_EQ(against.status, 0) << against.out;
  EXPECT_NE(against.out.find("y vs x"), std::string::npos) << against.out;
  EXPECT_NE(against.out.find("3-2-4"), std::string::npos) << against.out;
  EXPECT_NE(against.out.find("1,0,1,1,0"), std::string::npos) << against.out;
  EXPECT_NE(against.out.find("LLR "), std::string::npos) << against.out;
}

TEST(StatsCli, BadRecordsInputIsOneLine) {
  const std::string a = temp_file("pooled_bad.jsonl");
  { RecordWriter(a).append(game("1", "x", "y", "1-0")); }
  for (const std::string& args : {"stats --records " + a + " --against z", "stats --records " + a + ".missing",
                                  std::string("stats --ptnml 1,2,3,4,5 --against x"), "stats --wdl 1,2,3 --records " + a}) {
    const auto r = run_junqi(args);
    EXPECT_EQ(r.status, 1) << args;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << ": " << r.out;
  }
  EXPECT_NE(run_junqi("stats --records " + a + " --against z").out.find("--against: no player 'z' in the records (players: x, y)"),
            std::string::npos);
}

}  // namespace
