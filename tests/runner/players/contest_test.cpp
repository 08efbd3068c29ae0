// Contest protocol end to end: our test bot (tests/mocks/contest_test_bot.cpp, written
// from the protocol's description, checking every message's width and frame) and
// `junqi contest` playing through the runner, misbehaving bots losing with the right
// reason without stalling the match, and the per-game temporary directories.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/notation.h"
#include "engine/view.h"
#include "runner/protocols/contest_engine.h"
#include "runner/protocols/contest_protocol.h"
#include "runner/tournament/match.h"
#include "runner/game/record.h"
#include "runner/game/replay.h"
#include "runner/game/text.h"
#include "runner/tournament/tournament_config.h"
#include "tests/support/junqi_process.h"
#include "tests/support/program_matches.h"
#include "tests/support/time_scale.h"

namespace {

using namespace junqi;
using runner::cat;
using runner::GameRecord;
using runner::MatchConfig;
namespace fs = std::filesystem;

const std::string kTestBot = std::string("contest:'") + CONTEST_TEST_BOT + "'";
const std::string kJunqiContest = std::string("contest:'") + JUNQI_BINARY + "' contest";

std::string temp_file(const std::string& name) { return testing_support::temp_file("contest_test_" + name); }

using testing_support::read_file;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// The working directories the log says the contest programs were started in.
std::vector<std::string> started_dirs(const std::string& log) {
  std::vector<std::string> dirs;
  for (const std::string& l : lines_of(read_file(log))) {
    const size_t at = l.find(" * started in ");
    if (at == std::string::npos) continue;
    const size_t begin = at + 14;
    dirs.push_back(l.substr(begin, l.find(": ", begin) - begin));
  }
  return dirs;
}

MatchConfig quick_match(const std::string& first, const std::string& second, int games,
                        const std::string& name) {
  return testing_support::quick_match(first, second, games, "contest_test_" + name);
}

void expect_normal_end(const GameRecord& r) {
  for (const char* fault : {"time", "crash", "protocol", "illegal-move", "illegal-deployment", "resign"})
    EXPECT_NE(r.reason, fault) << "game " << r.id << ": " << r.detail;
  EXPECT_GT(r.moves.size(), 0u);
  EXPECT_NO_THROW(runner::replay(r)) << "game " << r.id;
}

TEST(ContestEngine, AnswersInItsOwnFrame) {
  // Blue (second player). Red's first move a6-b5 (into its empty camp, RULES.md §1's camp
  // diagonals) is F4 -> E3 in Blue's frame.
  std::istringstream in("INFO 1.0\nSTART 1 0010 35\nGO F4E3 3 00\nRESULT 3 00\nEND\nGO 0000 0 00\n");
  std::ostringstream out, err;
  const int status =
      runner::ContestEngine(search::resolve_bot("random"), engine::Rules{}, 5, in, out, err).run();
  EXPECT_EQ(status, 0) << err.str();
  const std::vector<std::string> lines = lines_of(out.str());
  ASSERT_EQ(lines.size(), 3u) << out.str();  // nothing after END
  EXPECT_EQ(lines[0], "NAME junqi-random");
  const engine::Deployment d = runner::contest::parse_array(lines[1]);
  EXPECT_EQ(engine::deployment_error(d, engine::kBlue), std::nullopt);
  ASSERT_EQ(lines[2].size(), 13u);
  EXPECT_TRUE(lines[2].starts_with("BESTMOVE ")) << lines[2];
  // Its move is legal in the position Blue sees: rebuild it in our notation.
  engine::View view(engine::kBlue, d, engine::Rules{});
  view.apply(engine::Token::of_move(engine::parse_move("a6-b5"), engine::Outcome::kQuiet));
  EXPECT_NO_THROW(view.apply(engine::Token::of_move(runner::contest::parse_bestmove(lines[2], engine::kBlue),
                                                    engine::Outcome::kQuiet)))
      << lines[2];
}

// How long `junqi contest`'s ismcts takes over the first move of a game with `total` s.
std::chrono::milliseconds first_move_time(const std::string& total) {
  std::istringstream in("INFO 1.0\nSTART 0 " + total + " 35\nGO 0000 0 00\nEND\n");
  std::ostringstream out, err;
  const auto start = std::chrono::steady_clock::now();
  const int status =
      runner::ContestEngine(search::resolve_bot("ismcts"), engine::Rules{}, 5, in, out, err).run();
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(status, 0) << err.str();
  const std::vector<std::string> lines = lines_of(out.str());
  EXPECT_EQ(lines.size(), 3u) << out.str();
  if (lines.size() == 3) {
    EXPECT_NO_THROW(runner::contest::parse_bestmove(lines[2], engine::kRed)) << lines[2];
  }
  return std::chrono::duration_cast<std::chrono::milliseconds>(took);
}

TEST(ContestEngine, ThinksWithinStartsTotal) {
  // The search plans a fortieth of the clock left (search/time_manager.h): 50 ms of a
  // 2 s game, 400 ms of a 16 s one. The bound of the short one leaves room for making
  // the bot and its deployment, which sanitized builds take several times longer over.
  EXPECT_LT(first_move_time("0002"), testing_support::scaled(std::chrono::milliseconds(300)));
  EXPECT_GE(first_move_time("0016").count(), 300);
}

TEST(ContestEngine, ABrokenMessageGetsAnErrorNotACrash) {
  std::istringstream in("INFO 1.0\nSTART 0 0010 35\nGO 0000 0 0\n");
  std::ostringstream out, err;
  const int status =
      runner::ContestEngine(search::resolve_bot("random"), engine::Rules{}, 5, in, out, err).run();
  EXPECT_EQ(status, 1);
  EXPECT_NE(err.str().find("GO YXYX R FF"), std::string::npos) << err.str();
  EXPECT_EQ(lines_of(out.str()).back(), "BESTMOVE 0000");  // the referee is not left waiting
}

TEST(ContestEngine, AnUnknownMessageIsEchoedEscaped) {
  std::istringstream in("HELLO \x1b[2J\rthere\nEND\n");
  std::ostringstream out, err;
  EXPECT_EQ(runner::ContestEngine(search::resolve_bot("random"), engine::Rules{}, 5, in, out, err).run(), 0);
  EXPECT_EQ(err.str(), "contest: unknown message ignored: HELLO \\x1b[2J\\rthere\n");
}

TEST(Contest, TestBotPlaysFullGamesInBothSeats) {
  const MatchConfig config = quick_match(kTestBot, "random", 6, "bot_vs_random");
  const auto start = std::chrono::steady_clock::now();
  runner::play_match(config);
  EXPECT_LT(std::chrono::steady_clock::now() - start, testing_support::scaled(std::chrono::seconds(5)));
  const std::vector<GameRecord> records = runner::read_records(config.out);
  ASSERT_EQ(records.size(), 6u);
  for (size_t i = 0; i < records.size(); ++i) {
    const GameRecord& r = records[i];
    expect_normal_end(r);
    const bool bot_red = i % 2 == 0;
    EXPECT_EQ(bot_red ? r.red : r.blue, "contest-test-bot");
    // Its ARRAY is NOTATION.md's sample deployment (tests/mocks/contest_test_bot.cpp).
    EXPECT_EQ(bot_red ? r.red_deployment : r.blue_deployment, engine::kSampleDeployment);
    EXPECT_EQ((bot_red ? r.red_settings : r.blue_settings).at("kind"), "contest");
  }
  const std::string log = read_file(config.log);
  EXPECT_EQ(log.find("VIOLATION"), std::string::npos) << log.substr(log.find("VIOLATION"), 300);
  // With these seeds some Field Marshal of random's dies, so FF names its flag (A1 or A3).
  EXPECT_TRUE(log.find(" A1\n") != std::string::npos || log.find(" A3\n") != std::string::npos);
  // One fresh process and directory per game, each removed afterwards.
  const std::vector<std::string> dirs = started_dirs(config.log);
  EXPECT_EQ(dirs.size(), 6u);
  for (const std::string& d : dirs) EXPECT_FALSE(fs::exists(d)) << d;
}

TEST(Contest, JunqiContestAgainstTheTestBotAndAnInProcessBot) {
  {  // both players contest programs: both frames at once
    const MatchConfig config = quick_match(kJunqiContest + " --bot greedy", kTestBot, 2, "junqi_vs_bot");
    runner::play_match(config);
    const std::vector<GameRecord> records = runner::read_records(config.out);
    ASSERT_EQ(records.size(), 2u);
    for (const GameRecord& r : records) expect_normal_end(r);
    EXPECT_EQ(records[0].red, "junqi-greedy");
    EXPECT_EQ(records[1].blue, "junqi-greedy");
    const std::string log = read_file(config.log);
    EXPECT_EQ(log.find("VIOLATION"), std::string::npos);
  }
  {
    const MatchConfig config = quick_match(kJunqiContest + " --bot random", "random", 2, "junqi_vs_random");
    runner::play_match(config);
    const std::vector<GameRecord> records = runner::read_records(config.out);
    ASSERT_EQ(records.size(), 2u);
    for (const GameRecord& r : records) expect_normal_end(r);
  }
}

bool enemy_marshal_died(const runner::MoveRecord& m, engine::Color enemy) {
  const engine::Piece marshal = engine::make_piece(enemy, engine::kMarshal);
  return (m.attacker == marshal && m.outcome != engine::Outcome::kAttackerWins) ||
         (m.defender == marshal && m.outcome != engine::Outcome::kDefenderWins);
}

// `junqi contest` reports the game as it saw it when it ends. Rebuilt from GO and RESULT,
// it must be what the referee showed its side: every move with its fight result (but
// the opponent's last, which no GO reports before END), and the enemy flag right after
// the move that killed the enemy Field Marshal.
TEST(Contest, JunqiContestSeesWhatTheRefereeShowsItsSide) {
  const MatchConfig config = quick_match(kJunqiContest + " --bot random --seed 7", "random", 4, "seen");
  runner::play_match(config);
  const std::vector<GameRecord> records = runner::read_records(config.out);
  std::vector<std::string> seen;
  for (const std::string& l : lines_of(read_file(config.log)))  // its stderr, relayed: "contest PID ! ..."
    if (const size_t at = l.find(" ! contest: the game as seen: position "); at != std::string::npos)
      seen.push_back(l.substr(l.find("position ", at) + 9));
  ASSERT_EQ(records.size(), 4u);
  ASSERT_EQ(seen.size(), 4u);
  int flags = 0;
  for (size_t g = 0; g < records.size(); ++g) {
    const GameRecord& r = records[g];
    expect_normal_end(r);
    const engine::Color side = g % 2 == 0 ? engine::kRed : engine::kBlue, enemy = ~side;
    const std::string& theirs = side == engine::kRed ? r.blue_deployment : r.red_deployment;
    std::string expected = cat({side == engine::kRed ? "red " : "blue ",
                                side == engine::kRed ? r.red_deployment : r.blue_deployment, " moves"});
    const engine::Deployment enemy_deployment = engine::parse_deployment(theirs);
    engine::Square enemy_flag = engine::kNoSquare;
    for (int slot = 0; slot < engine::kDeploymentSlots; ++slot)
      if (enemy_deployment[slot] == engine::kFlag) enemy_flag = engine::deployment_square(enemy, slot);
    const bool ours_last = (r.moves.size() - 1) % 2 == size_t(side);  // Red makes the even plies
    for (size_t i = 0; i < r.moves.size() - (ours_last ? 0 : 1); ++i) {
      expected += cat({" ", engine::annotated_move(r.moves[i].move, r.moves[i].outcome)});
      if (enemy_marshal_died(r.moves[i], enemy)) {
        expected += cat({" ", engine::token_string(engine::Token::of_reveal(
                                  engine::make_piece(enemy, engine::kFlag), enemy_flag))});
        ++flags;
      }
    }
    EXPECT_EQ(seen[g], expected) << "game " << r.id;
  }
  EXPECT_GT(flags, 0) << "no enemy flag was shown in these games: choose other seeds";
}

struct FaultCase {
  const char* name;
  const char* options;
  const char* reason;
};

class ContestFault : public testing::TestWithParam<FaultCase> {};

TEST_P(ContestFault, BotLosesWithItsReasonAndTheMatchGoesOn) {
  const FaultCase c = GetParam();
  MatchConfig config = quick_match(kTestBot + " " + c.options, "random", 2, c.name);
  config.startup_ms = 300;
  const auto start = std::chrono::steady_clock::now();
  const runner::MatchScore score = runner::play_match(config);
  EXPECT_LT(std::chrono::steady_clock::now() - start, testing_support::scaled(std::chrono::seconds(4)));
  EXPECT_EQ(score.losses, 2);
  const std::vector<GameRecord> records = runner::read_records(config.out);
  ASSERT_EQ(records.size(), 2u);
  testing_support::expect_first_player_lost_all(records, c.reason);
  for (const std::string& d : started_dirs(config.log)) EXPECT_FALSE(fs::exists(d)) << d;
}

INSTANTIATE_TEST_SUITE_P(TestBot, ContestFault,
                         testing::Values(FaultCase{"garbage", "--garbage-after 3", "protocol"},
                                         FaultCase{"short_array", "--short-array", "protocol"},
                                         FaultCase{"silent_info", "--silent-info", "protocol"},
                                         FaultCase{"bad_array", "--bad-array", "illegal-deployment"},
                                         FaultCase{"illegal_move", "--illegal-after 3", "illegal-move"},
                                         FaultCase{"crash", "--crash-after 3", "crash"},
                                         FaultCase{"hang", "--hang-after 3", "time"},
                                         FaultCase{"flood", "--flood-after 3", "protocol"},
                                         FaultCase{"exits_at_once", "--no-such-option", "crash"}),
                         [](const auto& test) { return std::string(test.param.name); });

using testing_support::alive;

TEST(Contest, KeptDirectoriesHoldTheCopiedFilesAndABotIgnoringEndIsKilled) {
  const std::string data = temp_file("book.dat");
  std::ofstream(data) << "opening book\n";
  MatchConfig config =
      quick_match(kTestBot + " --ignore-end --need contest_test_book.dat", "random", 2, "kept");
  fs::rename(data, fs::path(data).parent_path() / "contest_test_book.dat");
  config.contest_files = {(fs::path(data).parent_path() / "contest_test_book.dat").string()};
  config.contest_keep_dirs = true;
  const auto start = std::chrono::steady_clock::now();
  runner::play_match(config);
  EXPECT_LT(std::chrono::steady_clock::now() - start, testing_support::scaled(std::chrono::seconds(4)));  // two 0.5 s kills
  for (const GameRecord& r : runner::read_records(config.out)) expect_normal_end(r);
  const std::vector<std::string> dirs = started_dirs(config.log);
  ASSERT_EQ(dirs.size(), 2u);
  EXPECT_NE(dirs[0], dirs[1]);
  for (const std::string& d : dirs) {
    EXPECT_EQ(read_file(d + "/contest_test_book.dat"), "opening book\n");
    const std::string bot_log = read_file(d + "/contest_test_bot.log");
    EXPECT_NE(bot_log.find("< END"), std::string::npos) << d;
    const pid_t pid = std::stoi(read_file(d + "/bot.pid"));
    for (int i = 0; i < 100 && alive(pid); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_FALSE(alive(pid)) << "the bot that ignored END still runs, pid " << pid;
    fs::remove_all(d);
  }
}

TEST(Contest, ABareNameLineNamesThePlayerAndARelativeProgramPathWorks) {
  // The bot runs in its own directory; a relative program path is taken from ours.
  const std::string relative = "./" + fs::relative(CONTEST_TEST_BOT).string();
  const MatchConfig config =
      quick_match("contest:" + relative + " --bare-name 'Team Bare'", "random", 1, "bare_name");
  runner::play_match(config);
  const std::vector<GameRecord> records = runner::read_records(config.out);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].red, "Team Bare");
}

TEST(Contest, ANameThatIsNotUtf8LosesByProtocolAndIsRecordedEscaped) {
  const MatchConfig config = quick_match(kTestBot + " --bare-name \"$(printf 'Team\\377')\"", "random", 2, "bad_name");
  const runner::MatchScore score = runner::play_match(config);
  EXPECT_EQ(score.losses, 2);
  const std::vector<GameRecord> records = runner::read_records(config.out);
  ASSERT_EQ(records.size(), 2u);
  testing_support::expect_first_player_lost_all(records, "protocol");
  for (const GameRecord& r : records) EXPECT_NE(r.detail.find("'Team\\xff'"), std::string::npos) << r.detail;
}

TEST(Contest, ADirectoryToCopyIsRefusedUpFront) {
  MatchConfig config = quick_match(kTestBot, "random", 1, "copy_dir");
  config.contest_files = {"."};
  try {
    runner::play_match(config);
    ADD_FAILURE() << "a directory was accepted";
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find("'.' is a directory"), std::string::npos) << e.what();
  }
}

TEST(Contest, OnlyDarkGamesAreRefusedUpFront) {
  MatchConfig config = quick_match(kTestBot, "random", 1, "open");
  config.rules.set("kind", "open");
  EXPECT_THROW(runner::play_match(config), engine::Error);
}

TEST(Contest, TournamentFileTakesTheContestSettings) {
  const std::string data = temp_file("settings_data.txt");
  std::ofstream(data) << "x\n";
  const std::string toml = temp_file("settings.toml");
  const auto write = [&](const std::string& files) {
    std::ofstream(toml) << "contest_files = [" << files << "]\ncontest_keep_dirs = true\n"
                        << "[[players]]\nname = \"a\"\nspec = \"random\"\n"
                        << "[[players]]\nname = \"b\"\nspec = \"random\"\n";
  };
  // A name is found beside the tournament file, as its rules and book are.
  write("\"" + fs::path(data).filename().string() + "\"");
  const runner::TournamentConfig c = runner::load_tournament_config(toml);
  EXPECT_TRUE(c.contest_keep_dirs);
  ASSERT_EQ(c.contest_files.size(), 1u);
  EXPECT_TRUE(fs::equivalent(c.contest_files[0], data));
  write("\"no_such_file.dat\"");
  EXPECT_THROW(runner::load_tournament_config(toml), engine::Error);
  write("\".\"");  // a directory, refused when the file is read
  try {
    runner::load_tournament_config(toml);
    ADD_FAILURE() << "a directory was accepted";
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
  }
}

TEST(Contest, TournamentWithAContestPlayer) {
  const std::string out = temp_file("tournament.jsonl");
  const std::string data = temp_file("tournament_data.txt");
  std::ofstream(data) << "x\n";
  const std::string cmd = cat({"'", JUNQI_BINARY, "' tournament --player \"bot=", kTestBot,
                               " --need contest_test_tournament_data.txt\"",
                               " --player random --pairs 2 --tc movetime=200 --concurrency 2 --out '", out,
                               "' --contest-files '", data, "' > /dev/null 2>&1"});
  const int status = std::system(cmd.c_str());
  EXPECT_EQ(status, 0) << cmd;
  const std::vector<GameRecord> records = runner::read_records(out);
  ASSERT_EQ(records.size(), 4u);
  for (const GameRecord& r : records) {
    expect_normal_end(r);
    ASSERT_TRUE(r.red == "bot" || r.blue == "bot");
    // The schedule imposes deployments, but a contest bot deploys itself (its ARRAY is the
    // sample deployment); its opponent plays the imposed one.
    EXPECT_EQ(r.red == "bot" ? r.red_deployment : r.blue_deployment, engine::kSampleDeployment);
  }
}

}  // namespace
