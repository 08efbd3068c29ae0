// A tournament played in shards, as the tasks of a Slurm job array play it: the merged
// shards give the whole tournament's games and table; incomplete shards are named; a
// shard resumes from its own file; an SPRT decides on the merged counts.
#include "runner/cluster/shard_records.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "engine/error.h"
#include "runner/game/text.h"
#include "runner/tournament/tournament.h"
#include "runner/tournament/tournament_records.h"
#include "runner/tournament/tournament_report.h"
#include "runner/tournament/tournament_runner.h"
#include "tests/support/error_text.h"
#include "tests/support/text_file.h"
#include "tests/support/tournament_configs.h"

namespace {

using namespace junqi;
using namespace junqi::runner;
using testing_support::contains;
using testing_support::error_of;
namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::path(testing::TempDir()) / ("shard_records_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Plays the games of `shard` not in `skip` into `path`, as play_tournament would.
void play_shard(const TournamentConfig& config, Shard shard, const std::string& path, int64_t games = -1) {
  Schedule schedule(config, shard);
  if (games >= 0) schedule.truncate(games);
  RecordWriter writer(path);
  std::mutex mutex;
  run_games(config, schedule, {}, 2, [&](const ScheduledGame&, const GameRecord& r) {
    std::lock_guard lock(mutex);
    writer.append(r);
  });
}

// A record without what depends on the clock (start time, thinking times).
std::string timeless(GameRecord r) {
  r.start_time.clear();
  for (MoveRecord& m : r.moves) m.ms = 0;
  return to_json_line(r);
}

// Four players (the quick bots, twice each), round robin, 2 pairs a pairing: 24 games in
// 12 pairs, 6 games in each of 4 shards (pair p in shard p % 4 + 1). Games of at most 80
// plies keep it quick.
TournamentConfig four_players() {
  TournamentConfig c = testing_support::config_of({"random", "greedy"}, TournamentFormat::kRoundRobin, 1, 2);
  c.rules.set_assignment("max_plies=80");
  c.players.push_back({"random-2", "random", std::nullopt, std::nullopt, {}});
  c.players.push_back({"greedy-2", "greedy", std::nullopt, std::nullopt, {}});
  return c;
}

TEST(ShardRecords, MergedShardsAreTheWholeTournament) {
  const fs::path dir = scratch("whole");
  const TournamentConfig config = four_players();
  auto path_of = [&](int k) { return (dir / (std::to_string(k) + ".jsonl")).string(); };
  for (int k = 1; k <= 4; ++k) play_shard(config, {k, 4}, path_of(k));
  const ShardRecords shards = read_shard_records(config, 4, path_of);
  EXPECT_TRUE(shards.incomplete().empty());
  ASSERT_EQ(shards.games.size(), 24u);
  std::ostringstream text;
  merge_shards(config, shards, (dir / "all.jsonl").string(), text);

  // The same tournament played whole, in one run.
  const std::string whole = (dir / "whole.jsonl").string();
  std::map<std::string, std::string> whole_games;
  ScoreBoard board(4);
  std::mutex mutex;
  run_games(config, Schedule(config), {}, 2, [&](const ScheduledGame& g, const GameRecord& r) {
    std::lock_guard lock(mutex);
    whole_games[r.id] = timeless(r);
    board.add(g, r);
  });
  const auto merged = read_records((dir / "all.jsonl").string());
  ASSERT_EQ(merged.size(), whole_games.size());
  for (size_t i = 0; i < merged.size(); ++i) {
    EXPECT_EQ(merged[i].id, std::to_string(i + 1)) << "in schedule order";
    EXPECT_EQ(timeless(merged[i]), whole_games[merged[i].id]);
  }
  EXPECT_EQ(testing_support::read_file(csv_path((dir / "all.jsonl").string())),
            report_csv(config, make_report(config, board, 24)));
  EXPECT_PRED2(contains, text.str(), "Records: ");
}

TEST(ShardRecords, IncompleteShardsAreNamedAndTheMergeRefusesThem) {
  const fs::path dir = scratch("incomplete");
  const TournamentConfig config = four_players();
  auto path_of = [&](int k) { return (dir / (std::to_string(k) + ".jsonl")).string(); };
  play_shard(config, {1, 4}, path_of(1));
  play_shard(config, {3, 4}, path_of(3), 4);  // 4 of its 6 games
  play_shard(config, {4, 4}, path_of(4));
  {  // and a game being written
    std::ofstream torn(path_of(4), std::ios::app);
    torn << R"({"id":"8","seed":1,"rul)";
  }
  const auto size_before = fs::file_size(path_of(4));
  const ShardRecords shards = read_shard_records(config, 4, path_of);
  EXPECT_EQ(fs::file_size(path_of(4)), size_before) << "a shard still writing is only read";
  EXPECT_EQ(shards.incomplete(), (std::vector<int>{2, 3}));
  EXPECT_EQ(shards.shards[0].planned, 6);   // pairs 0, 4, 8
  EXPECT_EQ(shards.shards[3].recorded, 6);  // pairs 3, 7, 11
  EXPECT_EQ(shards.incomplete_text(), "shards 2 (no record file), 3 (4 of 6 games)");
  const std::string out = (dir / "all.jsonl").string();
  std::ostringstream text;
  EXPECT_EQ(error_of([&] { merge_shards(config, shards, out, text); }),
            "merge: shards 2 (no record file), 3 (4 of 6 games) incomplete (16 of 24 games recorded)");
  EXPECT_FALSE(fs::exists(out));
}

TEST(ShardRecords, AGameOfAnotherShardIsAnErrorNamingTheFile) {
  const fs::path dir = scratch("stranger");
  const TournamentConfig config = four_players();
  auto path_of = [&](int k) { return (dir / (std::to_string(k) + ".jsonl")).string(); };
  play_shard(config, {2, 4}, path_of(1));  // shard 2's games in shard 1's file
  // Two games play at once, so which of shard 2's games the file starts with varies: the
  // error names the first one read.
  const std::string first = read_records(path_of(1)).front().id;
  EXPECT_PRED2(contains, error_of([&] { read_shard_records(config, 4, path_of); }),
               path_of(1) + ": game " + first + " of the record file is not in this tournament's schedule");
}

TEST(ShardRecords, AShardResumesFromItsOwnRecords) {
  const fs::path dir = scratch("resume");
  TournamentConfig config = four_players();
  config.concurrency = 2;
  const std::string path = (dir / "2.jsonl").string();
  play_shard(config, {2, 4}, path, 3);  // a task preempted after 3 games
  config.out = path;
  testing::internal::CaptureStdout();
  play_tournament(config, {2, 4}, true, nullptr);  // what the requeued task runs
  const std::string output = testing::internal::GetCapturedStdout();
  EXPECT_PRED2(contains, output, "Resuming: 3 games recorded, 3 to play");
  const ShardRecords shards =
      read_shard_records(config, 4, [&](int k) { return (dir / (std::to_string(k) + ".jsonl")).string(); });
  EXPECT_EQ(shards.shards[1].recorded, 6);
  EXPECT_TRUE(shards.shards[1].complete());
}

TEST(ShardRecords, ADecidedSprtOnTheMergedCountsMergesAnIncompleteSet) {
  const fs::path dir = scratch("sprt");
  TournamentConfig config =
      testing_support::config_of({"greedy", "random"}, TournamentFormat::kRoundRobin, 1, 40);
  config.sprt = stats::parse_sprt("elo0=0 elo1=200");
  auto path_of = [&](int k) { return (dir / (std::to_string(k) + ".jsonl")).string(); };
  const std::string out = (dir / "all.jsonl").string();
  std::ostringstream text;
  // One pair a shard: two pairs cannot decide (two won pairs give LLR 0.98 of the 2.94 needed).
  for (int k = 1; k <= 2; ++k) play_shard(config, {k, 2}, path_of(k), 2);
  EXPECT_PRED2(contains,
               error_of([&] { merge_shards(config, read_shard_records(config, 2, path_of), out, text); }),
               "merge: shards 1 (2 of 40 games), 2 (2 of 40 games) incomplete");
  for (int k = 1; k <= 2; ++k) {
    fs::remove(path_of(k));
    play_shard(config, {k, 2}, path_of(k), 16);  // 8 pairs a shard
  }
  const ShardRecords shards = read_shard_records(config, 2, path_of);
  const ScoreBoard board = merged_board(config, shards);
  const TournamentReport report = merged_report(config, shards, board);
  ASSERT_TRUE(report.sprt);
  // The same test on the same counts, computed directly.
  const stats::SprtResult direct = stats::sprt(board.pentanomial(0, 1), *config.sprt);
  EXPECT_EQ(report.sprt->llr, direct.llr);
  EXPECT_EQ(report.sprt_pairs, 16);
  ASSERT_EQ(direct.decision, stats::SprtResult::Decision::kAcceptH1) << direct.llr;
  merge_shards(config, shards, out, text);
  EXPECT_EQ(read_records(out).size(), 32u);
  EXPECT_PRED2(contains, testing_support::read_file(summary_json_path(out)), "\"decision\": \"H1\"");
}

}  // namespace
