// Ctrl-C with bots running (runner/cli/interrupt.h): the first Ctrl-C of a tournament
// lets the running games finish and records them.
#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "runner/record.h"
#include "tests/support/junqi_process.h"

namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using junqi::testing_support::spawn_junqi;
using junqi::testing_support::wait_exit;

// An empty directory of the test's own, also used as the runner's TMPDIR.
fs::path scratch(const std::string& name) {
  const fs::path dir = fs::path(testing::TempDir()) / ("interrupt_test_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir / "tmp");
  return dir;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

int count_lines(const fs::path& path) {
  std::ifstream in(path);
  int n = 0;
  for (std::string line; std::getline(in, line);) n += !line.empty();
  return n;
}

TEST(Interrupt, TheFirstCtrlCOfATournamentRecordsTheGamesOfProgramsStillRunning) {
  const fs::path dir = scratch("once");
  const fs::path out = dir / "games.jsonl";
  // Games of about a second: an in-process bot thinking 85 ms a move against a program.
  const pid_t pid = spawn_junqi({"tournament", "--player", "pimc", "--player",
                                 std::string("jqp=jqp:'") + JUNQI_BINARY + "' jqp", "--player-tc", "pimc=movetime=100",
                                 "--tc", "movetime=1000", "--rule", "max_plies=16", "--pairs", "10", "--concurrency",
                                 "2", "--out", out.string()},
                                (dir / "output.txt").string());
  for (const auto give_up = std::chrono::steady_clock::now() + 30s;
       count_lines(out) == 0 && std::chrono::steady_clock::now() < give_up;)
    std::this_thread::sleep_for(5ms);
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
