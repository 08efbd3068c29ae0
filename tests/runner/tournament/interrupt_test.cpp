// Ctrl-C and SIGTERM with bots running (runner/cli/interrupt.h, runner/protocols/fatal_cleanup.h):
// the first Ctrl-C of a tournament lets the running games finish and records them; a
// second one, a Ctrl-C of a match or a SIGTERM kills the bots (which run in process
// groups of their own, out of the terminal's reach) and removes the contest bots'
// temporary directories before the runner exits.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "runner/game/record.h"
#include "tests/support/junqi_process.h"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using junqi::testing_support::alive;
using junqi::testing_support::read_file;
using junqi::testing_support::spawn_junqi;
using junqi::testing_support::wait_exit;

// A contest bot that never answers its first GO: with a minute per move, its game runs
// until the runner is stopped.
const std::string kHangingBot = std::string("contest:'") + CONTEST_TEST_BOT + "' --hang-after 0";

// An empty directory of the test's own, also used as the runner's TMPDIR.
fs::path scratch(const std::string& name) {
  const fs::path dir = fs::path(testing::TempDir()) / ("interrupt_test_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir / "tmp");
  return dir;
}

std::vector<fs::path> contest_dirs(const fs::path& tmp) {
  std::vector<fs::path> dirs;
  for (const auto& e : fs::directory_iterator(tmp))
    if (e.path().filename().string().starts_with("junqi-contest-")) dirs.push_back(e.path());
  return dirs;
}

// The pid of the contest bot once it has written it in its directory (-1 after 20 s).
pid_t wait_for_contest_bot(const fs::path& tmp) {
  for (const auto give_up = std::chrono::steady_clock::now() + 20s;
       std::chrono::steady_clock::now() < give_up; std::this_thread::sleep_for(10ms))
    for (const fs::path& d : contest_dirs(tmp))
      if (const std::string pid = read_file(d / "bot.pid"); !pid.empty() && pid.back() == '\n')
        return std::stoi(pid);
  return -1;
}

bool dies_soon(pid_t pid) {
  for (int i = 0; i < 300 && alive(pid); ++i) std::this_thread::sleep_for(10ms);
  return !alive(pid);
}

int count_lines(const fs::path& path) {
  std::ifstream in(path);
  int n = 0;
  for (std::string line; std::getline(in, line);) n += !line.empty();
  return n;
}

TEST(Interrupt, CtrlCOrSigtermOfAMatchKillsTheBotAndRemovesItsDirectory) {
  for (const auto& [signal, status] : {std::pair{SIGINT, 130}, std::pair{SIGTERM, 143}}) {
    const fs::path dir = scratch("match_" + std::to_string(signal));
    const pid_t pid =
        spawn_junqi({"match", "--red", kHangingBot, "--blue", "random", "--tc", "movetime=60000", "--out",
                     (dir / "games.jsonl").string(), "--log", (dir / "programs.log").string()},
                    (dir / "output.txt").string(), {"TMPDIR=" + (dir / "tmp").string()});
    const pid_t bot = wait_for_contest_bot(dir / "tmp");
    ASSERT_GT(bot, 0) << read_file(dir / "output.txt");
    kill(pid, signal);
    EXPECT_EQ(wait_exit(pid), status) << read_file(dir / "output.txt");
    EXPECT_TRUE(contest_dirs(dir / "tmp").empty()) << "signal " << signal;
    EXPECT_TRUE(dies_soon(bot)) << "signal " << signal << ": the bot still runs, pid " << bot;
  }
}

TEST(Interrupt, ASecondCtrlCOfATournamentKillsTheBotsAtOnce) {
  const fs::path dir = scratch("twice");
  const pid_t pid =
      spawn_junqi({"tournament", "--player", "hangs=" + kHangingBot, "--player", "random", "--tc",
                   "movetime=60000", "--concurrency", "1", "--out", (dir / "games.jsonl").string()},
                  (dir / "output.txt").string(), {"TMPDIR=" + (dir / "tmp").string()});
  const pid_t bot = wait_for_contest_bot(dir / "tmp");
  ASSERT_GT(bot, 0) << read_file(dir / "output.txt");
  kill(pid, SIGINT);
  std::this_thread::sleep_for(300ms);
  EXPECT_EQ(waitpid(pid, nullptr, WNOHANG), 0) << "the first Ctrl-C must let the running game go on";
  EXPECT_TRUE(alive(bot));
  kill(pid, SIGINT);
  EXPECT_EQ(wait_exit(pid), 130) << read_file(dir / "output.txt");
  EXPECT_TRUE(contest_dirs(dir / "tmp").empty());
  EXPECT_TRUE(dies_soon(bot)) << "the bot still runs, pid " << bot;
}

TEST(Interrupt, TheFirstCtrlCOfATournamentRecordsTheGamesOfProgramsStillRunning) {
  const fs::path dir = scratch("once");
  const fs::path out = dir / "games.jsonl";
  // Games of about a second: an in-process bot thinking 85 ms a move against a program.
  const pid_t pid = spawn_junqi(
      {"tournament", "--player", "pimc", "--player", std::string("jqp=jqp:'") + JUNQI_BINARY + "' jqp",
       "--player-tc", "pimc=movetime=100", "--tc", "movetime=1000", "--rule", "max_plies=16", "--pairs", "10",
       "--concurrency", "2", "--out", out.string()},
      (dir / "output.txt").string());
  for (const auto give_up = std::chrono::steady_clock::now() + 30s;
       count_lines(out) == 0 && std::chrono::steady_clock::now() < give_up;)
    std::this_thread::sleep_for(5ms);
  // The runner starts the game that replaces a finished one just after writing its record:
  // a Ctrl-C within that moment would find one game running, not two. Give it time.
  std::this_thread::sleep_for(300ms);
  const int before = count_lines(out);
  ASSERT_GT(before, 0) << read_file(dir / "output.txt");
  ASSERT_LT(before, 18) << "the games ran out before the Ctrl-C; the test needs longer ones";
  kill(pid, SIGINT);
  EXPECT_EQ(wait_exit(pid), 130) << read_file(dir / "output.txt");
  // Two games were running when it came (two at once, games left to play): both recorded.
  const auto records = junqi::runner::read_records(out.string());
  EXPECT_GE(int(records.size()), before + 2) << read_file(dir / "output.txt");
  EXPECT_LT(records.size(), 20u);
  for (const auto& r : records) EXPECT_FALSE(r.result.empty()) << r.id;
  EXPECT_NE(read_file(dir / "output.txt").find("Resume with:"), std::string::npos);
}

}  // namespace
