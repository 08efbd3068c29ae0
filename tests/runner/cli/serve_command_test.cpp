// `junqi serve` as a user runs it: it says where it listens, answers, and stops cleanly
// on Ctrl-C; bad options are one line and a non-zero exit.
#include <csignal>
#include <cstdio>
#include <regex>
#include <thread>

#include <gtest/gtest.h>

#include "tests/support/junqi_command.h"
#include "tests/support/junqi_process.h"

// Last: httplib's <resolv.h> must come after anything that includes Eigen.
#include <httplib.h>

namespace junqi {
namespace {

using testing_support::read_file;

TEST(ServeCommand, AnswersAndStopsCleanlyOnCtrlC) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string out = std::string(tmp ? tmp : "/tmp/") + "serve_command.out";
  const pid_t pid = testing_support::spawn_junqi(
      {"serve", "--port", "0", "--deployments", std::string(tmp ? tmp : "/tmp/") + "serve_deployments"}, out);
  std::smatch m;
  std::string text;
  const std::regex listening(R"(http://127\.0\.0\.1:(\d+)/)");
  for (int i = 0; i < 600 && !std::regex_search(text, m, listening); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    text = read_file(out);
  }
  ASSERT_TRUE(std::regex_search(text, m, listening)) << text;
  // A second server cannot take the same port.
  const auto second = testing_support::run_junqi("serve --port " + std::string(m[1]));
  EXPECT_EQ(second.status, 1);
  EXPECT_NE(second.out.find("cannot listen on 127.0.0.1:" + std::string(m[1])), std::string::npos) << second.out;
  httplib::Client client("127.0.0.1", std::stoi(m[1]));
  const auto r = client.Get("/api/rules");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  kill(pid, SIGINT);
  EXPECT_EQ(testing_support::wait_exit(pid), 0);
  EXPECT_NE(read_file(out).find("junqi serve: stopped"), std::string::npos) << read_file(out);
}

TEST(ServeCommand, BadOptionsAreOneLineAndAFailure) {
  const auto port = testing_support::run_junqi("serve --port 70000");
  EXPECT_EQ(port.status, 1);
  EXPECT_NE(port.out.find("--port"), std::string::npos) << port.out;
  const auto assets = testing_support::run_junqi("serve --port 0 --assets /nonexistent/page");
  EXPECT_EQ(assets.status, 1);
  EXPECT_NE(assets.out.find("/nonexistent/page"), std::string::npos) << assets.out;
}

// `junqi tournament ... --serve 0`: the page is served while the tournament runs, names
// its address first, and goes with it; with --slurm it is refused in one line.
TEST(ServeCommand, TournamentServesItsGamesWhileItRuns) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string dir = tmp ? tmp : "/tmp/";
  const std::string records = dir + "served_tournament.jsonl";
  std::remove(records.c_str());
  const auto run = testing_support::run_junqi("tournament --player random --player greedy --games 2 --tc iterations=5 "
                                              "--out " + records + " --serve 0");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_TRUE(std::regex_search(run.out, std::regex(R"(^junqi tournament: follow the games at http://127\.0\.0\.1:\d+/)")))
      << run.out;
  const auto slurm = testing_support::run_junqi("tournament --player random --player greedy --games 2 --serve 0 "
                                                "--slurm " + dir + "served_slurm --tasks 2");
  EXPECT_EQ(slurm.status, 1);
  EXPECT_NE(slurm.out.find("--serve follows a tournament played here"), std::string::npos) << slurm.out;
}

}  // namespace
}  // namespace junqi
