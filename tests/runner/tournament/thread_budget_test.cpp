// Games x threads against the cores, and the bots' second thread that runs whatever
// oneTBB is allowed.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include <tbb/global_control.h>

#include "engine/error.h"
#include "runner/tournament/thread_budget.h"
#include "search/tree_search.h"

namespace {

using namespace junqi;
using namespace junqi::runner;

TournamentPlayer bot(const std::string& name, const std::string& threads) {
  search::BotConfig config{name, "ismcts", {}, name + ".toml", std::nullopt};
  if (!threads.empty()) config.params["threads"] = threads;
  return {name, name, std::nullopt, config, {}};
}

TournamentConfig two_players(const std::string& threads) {
  TournamentConfig config;
  config.players = {bot("a", ""), bot("b", threads), {"p", "jqp:some-program", std::nullopt, std::nullopt, {}}};
  return config;
}

TEST(ThreadBudget, ThreadsComeFromTheBotConfigsAndProgramsCountOne) {
  const TournamentConfig config = two_players("3");
  EXPECT_EQ(player_threads(config.players[0]), 1);
  EXPECT_EQ(player_threads(config.players[1]), 3);
  EXPECT_EQ(player_threads(config.players[2]), 1);
  const ThreadBudget b = thread_budget(config, 2);
  EXPECT_EQ(b.threads_per_game, 3);
  EXPECT_EQ(b.total(), 6);
  EXPECT_EQ(b.cores, int(std::max(1u, std::thread::hardware_concurrency())));
}

TEST(ThreadBudget, WarnsWhenOversubscribedAndRefusesTimedRunsFarBeyondTheCores) {
  TournamentConfig config = two_players("2");
  const int cores = thread_budget(config, 1).cores;
  // One thread a game, as many games as cores: fits.
  EXPECT_EQ(check_thread_budget(two_players("1"), thread_budget(two_players("1"), cores)), "");
  // Two threads a game: twice the cores, a warning naming the numbers.
  const std::string warning = check_thread_budget(config, thread_budget(config, cores));
  EXPECT_TRUE(warning.starts_with("warning: " + std::to_string(cores) + " games at once x 2 threads")) << warning;
  // Eight times the cores: iteration budgets only run slower, a time control is refused.
  EXPECT_TRUE(check_thread_budget(config, thread_budget(config, 4 * cores)).starts_with("warning: "));
  config.time_control.kind = TimeControl::Kind::kMoveTime;
  config.time_control.movetime_ms = 100;
  EXPECT_THROW(check_thread_budget(config, thread_budget(config, 4 * cores)), engine::Error);
  EXPECT_TRUE(check_thread_budget(config, thread_budget(config, cores)).starts_with("warning: "));
}

// The tournament runner allows oneTBB as many threads as games; a search's second tree
// must still run beside its first, not after it. Tree 0 waits for tree 1 to start: that
// happens only if tree 1 has a thread of its own (the timeout only keeps a broken build
// from hanging).
TEST(ThreadBudget, ASearchsSecondTreeRunsBesideTheFirstUnderACappedPool) {
  const tbb::global_control cap(tbb::global_control::max_allowed_parallelism, 1);
  std::atomic<bool> second_started{false};
  bool seen = false;
  search::tree_search_detail::for_each_tree(2, [&](int t) {
    if (t == 1) {
      second_started = true;
      return;
    }
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!second_started && std::chrono::steady_clock::now() < give_up) std::this_thread::yield();
    seen = second_started;
  });
  EXPECT_TRUE(seen);
}

}  // namespace
