// The schedule: round robin, gauntlet, pairs, shards and determinism; every game made on
// demand exactly as the whole schedule once made them up front, so a billion pairs start
// at once and shards and resumes still agree on every game id.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "engine/error.h"
#include "engine/notation.h"
#include "engine/random.h"
#include "runner/tournament/tournament_schedule.h"
#include "tests/support/error_text.h"
#include "tests/support/tournament_configs.h"

namespace junqi::runner {
namespace {

using testing_support::config_of;

std::vector<ScheduledGame> games_of(const TournamentConfig& config, Shard shard = {}) {
  const Schedule schedule(config, shard);
  std::vector<ScheduledGame> out;
  for (int64_t i = 0; i < schedule.size(); ++i) out.push_back(schedule.game(i));
  return out;
}

bool same_deployments(const ScheduledGame& a, const ScheduledGame& b) {
  for (int c = 0; c < engine::kColors; ++c)
    if (engine::deployment_string(a.deployments[c]) != engine::deployment_string(b.deployments[c]))
      return false;
  return true;
}

TEST(TournamentSchedule, RoundRobinPlaysEveryPairingInSwappedPairs) {
  const auto config = config_of({"a", "b", "c", "d"}, TournamentFormat::kRoundRobin, 2, 3);
  const auto games = games_of(config);
  ASSERT_EQ(games.size(), 6u * 2 * 3 * 2);  // pairings x rounds x pairs x 2 games
  std::map<std::pair<int, int>, int> per_pairing;
  std::set<std::string> ids;
  for (size_t i = 0; i < games.size(); i += 2) {
    const ScheduledGame &g1 = games[i], &g2 = games[i + 1];
    EXPECT_EQ(g1.pair, g2.pair);
    EXPECT_EQ(g1.players[0], g2.players[1]);  // sides swapped
    EXPECT_EQ(g1.players[1], g2.players[0]);
    EXPECT_NE(g1.players[0], g1.players[1]);
    EXPECT_TRUE(same_deployments(g1, g2));
    EXPECT_NE(g1.seed, g2.seed);
    ++per_pairing[{std::min(g1.players[0], g1.players[1]), std::max(g1.players[0], g1.players[1])}];
  }
  for (const auto& g : games) EXPECT_TRUE(ids.insert(g.id).second) << g.id;
  ASSERT_EQ(per_pairing.size(), 6u);
  for (const auto& [pairing, n] : per_pairing) EXPECT_EQ(n, 2 * 3);
  EXPECT_FALSE(same_deployments(games[0], games[2]));  // each pair draws its own
}

TEST(TournamentSchedule, GauntletPlaysTheFirstPlayerAgainstEachOther) {
  const auto games = games_of(config_of({"a", "b", "c", "d"}, TournamentFormat::kGauntlet, 1, 2));
  ASSERT_EQ(games.size(), 3u * 2 * 2);
  std::map<int, int> opponents;
  for (const auto& g : games) {
    ASSERT_TRUE(g.players[0] == 0 || g.players[1] == 0);
    ++opponents[g.players[0] + g.players[1]];
  }
  EXPECT_EQ(opponents, (std::map<int, int>{{1, 4}, {2, 4}, {3, 4}}));
}

TEST(TournamentSchedule, SameSeedSameScheduleOtherSeedOtherDeployments) {
  auto config = config_of({"a", "b", "c"}, TournamentFormat::kRoundRobin, 1, 2);
  const auto a = games_of(config), b = games_of(config);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].id, b[i].id);
    EXPECT_EQ(a[i].players, b[i].players);
    EXPECT_EQ(a[i].seed, b[i].seed);
    EXPECT_TRUE(same_deployments(a[i], b[i]));
  }
  config.seed = 8;
  EXPECT_FALSE(same_deployments(games_of(config)[0], a[0]));
}

TEST(TournamentSchedule, BookDeploymentsAreImposed) {
  auto config = config_of({"a", "b"}, TournamentFormat::kRoundRobin, 1, 5);
  config.book = {engine::parse_legal_deployment(engine::kSampleDeployment)};
  for (const auto& g : games_of(config))
    for (const auto& d : g.deployments) EXPECT_EQ(engine::deployment_string(d), engine::kSampleDeployment);
}

TEST(TournamentSchedule, ShardsPartitionTheScheduleByPair) {
  const auto config = config_of({"a", "b", "c"}, TournamentFormat::kRoundRobin, 2, 3);
  const auto all = games_of(config);
  for (int n : {1, 2, 3, 5, 40}) {
    std::multiset<std::string> seen;
    std::map<int64_t, int> shard_of_pair;
    for (int k = 1; k <= n; ++k)
      for (const auto& g : games_of(config, parse_shard(std::to_string(k) + "/" + std::to_string(n)))) {
        seen.insert(g.id);
        const auto [it, fresh] = shard_of_pair.emplace(g.pair, k);
        EXPECT_EQ(it->second, k) << "pair " << g.pair << " split";
      }
    ASSERT_EQ(seen.size(), all.size()) << n;
    for (const auto& g : all) EXPECT_EQ(seen.count(g.id), 1u) << g.id;
  }
  for (const char* bad : {"0/2", "3/2", "1/0", "1", "a/b", "1/2x"})
    EXPECT_THROW(parse_shard(bad), engine::Error) << bad;
}

// The schedule as it was made before games were made on demand: all of it, then the
// shard's games picked out. Game ids, players, deployments and seeds must not change, or
// resuming a record file of an older build would play other games under the same ids.
std::vector<ScheduledGame> eager_schedule(const TournamentConfig& config, Shard shard) {
  constexpr uint64_t kPairStream = 0xBF58476D1CE4E5B9ull, kGameStream = 0x9E3779B97F4A7C15ull;
  const int n = int(config.players.size());
  std::vector<std::pair<int, int>> matchups;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (config.format == TournamentFormat::kRoundRobin || i == 0) matchups.emplace_back(i, j);
  std::vector<ScheduledGame> games;
  int pair = 0;
  for (int round = 0; round < config.rounds; ++round)
    for (int slot = 0; slot < config.pairs; ++slot)
      for (const auto& [a, b] : matchups) {
        engine::Rng pair_rng(config.seed * kPairStream + uint64_t(pair) + 1);
        std::array<engine::Deployment, engine::kColors> d;
        for (auto& x : d)
          x = config.book.empty() ? engine::random_deployment(pair_rng)
                                  : config.book[pair_rng.below(config.book.size())];
        for (int g = 0; g < 2; ++g) {
          ScheduledGame s;
          s.index = int64_t(games.size());
          s.id = std::to_string(s.index + 1);
          s.pair = pair;
          s.round = round;
          const bool a_red = (g == 0) != (pair % 2 == 1);
          s.players = a_red ? std::array<int, 2>{a, b} : std::array<int, 2>{b, a};
          s.deployments = d;
          s.seed = engine::Rng(config.seed * kGameStream + uint64_t(s.index) + 1).next();
          games.push_back(std::move(s));
        }
        ++pair;
      }
  std::vector<ScheduledGame> out;
  for (const ScheduledGame& g : games)
    if (g.pair % shard.count == shard.index - 1) out.push_back(g);
  return out;
}

TEST(TournamentSchedule, OnDemandGamesAreTheGamesOfTheWholeSchedule) {
  auto round_robin = config_of({"a", "b", "c"}, TournamentFormat::kRoundRobin, 2, 3);
  auto gauntlet = config_of({"a", "b", "c", "d"}, TournamentFormat::kGauntlet, 3, 1);
  auto book = config_of({"a", "b"}, TournamentFormat::kRoundRobin, 1, 4);
  book.book = {engine::parse_legal_deployment(engine::kSampleDeployment),
               engine::parse_legal_deployment("LFLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC")};
  book.seed = 11;
  for (const TournamentConfig& config : {round_robin, gauntlet, book})
    for (const char* shard : {"1/1", "1/2", "2/2", "2/3", "5/5", "4/7"}) {
      const std::vector<ScheduledGame> expected = eager_schedule(config, parse_shard(shard));
      const Schedule schedule(config, parse_shard(shard));
      ASSERT_EQ(schedule.size(), int64_t(expected.size())) << shard;
      for (int64_t i = 0; i < schedule.size(); ++i) {
        const ScheduledGame g = schedule.game(i), &e = expected[size_t(i)];
        EXPECT_EQ(g.id, e.id);
        EXPECT_EQ(g.index, e.index);
        EXPECT_EQ(g.pair, e.pair);
        EXPECT_EQ(g.round, e.round);
        EXPECT_EQ(g.players, e.players);
        EXPECT_EQ(g.seed, e.seed);
        EXPECT_TRUE(same_deployments(g, e)) << g.id;
        EXPECT_EQ(schedule.position_of(g.id), i);
      }
    }
}

TEST(TournamentSchedule, PositionOfKnowsOnlyItsOwnShardsIds) {
  const auto config = config_of({"a", "b"}, TournamentFormat::kRoundRobin, 1, 5);  // ids 1..10
  const Schedule second(config, parse_shard("2/2"));  // pairs 1 and 3: ids 3, 4, 7, 8
  EXPECT_EQ(second.size(), 4);
  EXPECT_EQ(second.position_of("3"), 0);
  EXPECT_EQ(second.position_of("8"), 3);
  for (const char* id : {"1", "5", "10", "12", "0", "-3", "03", "+3", "3 ", "", "x", "99999999999999999999"})
    EXPECT_EQ(second.position_of(id), std::nullopt) << id;
  Schedule first(config);
  first.truncate(3);  // selfplay's odd game count
  EXPECT_EQ(first.size(), 3);
  EXPECT_EQ(first.position_of("3"), 2);
  EXPECT_EQ(first.position_of("4"), std::nullopt);
}

TEST(TournamentSchedule, ABillionPairsCostNothingUpFront) {
  auto config = config_of({"a", "b", "c"}, TournamentFormat::kRoundRobin, 1, 1000000000);
  const auto start = std::chrono::steady_clock::now();
  const Schedule schedule(config, parse_shard("2/3"));
  EXPECT_EQ(schedule.size(), 2000000000);  // 3e9 pairs, every third one
  const ScheduledGame last = schedule.game(schedule.size() - 1);
  EXPECT_EQ(last.id, "5999999998");  // pair 2999999998, its second game
  EXPECT_EQ(schedule.position_of(last.id), schedule.size() - 1);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(100));
  // More games than 64 bits count are refused by name.
  config.rounds = 2147483647;
  config.pairs = 2147483647;
  EXPECT_PRED2(testing_support::contains, testing_support::error_of([&] { Schedule{config}; }),
               "are more games than can be counted");
}

// `junqi tournament --pairs 1000000000` plays its first game at once (it died of
// bad_alloc after 27 s of silence when the schedule was made up front).
TEST(TournamentSchedule, ABillionPairTournamentStartsAtOnce) {
  const std::string out = ::testing::TempDir() + "billion_pairs.jsonl";
  std::remove(out.c_str());
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    std::freopen("/dev/null", "w", stdout);
    execl(JUNQI_BINARY, JUNQI_BINARY, "tournament", "--player", "a=random", "--player", "b=random", "--pairs",
          "1000000000", "--concurrency", "1", "--out", out.c_str(), nullptr);
    _exit(127);
  }
  auto has_a_game = [&] {
    std::ifstream in(out);
    std::string line;
    return std::getline(in, line) && !line.empty();
  };
  while (!has_a_game() && std::chrono::steady_clock::now() - start < std::chrono::seconds(10))
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const auto took = std::chrono::steady_clock::now() - start;
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  EXPECT_TRUE(has_a_game());
  EXPECT_LT(took, std::chrono::seconds(2));
}

}  // namespace
}  // namespace junqi::runner
