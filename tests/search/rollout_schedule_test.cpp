// The rollout depth by budget: the schedule's interpolation, its parsing, the budget in
// iterations a search expects, and that the scheduled depth is the one the search rolls
// out with.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/error.h"
#include "engine/playout.h"
#include "search/bot_config.h"
#include "search/ismcts.h"
#include "search/rollout_schedule.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

// The message of what `f` throws; empty if it does not throw.
template <class F>
std::string error_of(const F& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

std::string schedule_error(const std::string& text) {
  return error_of([&] { search::parse_rollout_schedule(text, "bot.toml: rollout_depth_by_budget"); });
}

// Between two points the depth moves with log2 of the budget: 4000·√2 is half way from
// 4000 to 8000, 4000·2^(1/4) a quarter of the way; outside the points it stays put.
TEST(RolloutSchedule, DepthFollowsTheLogOfTheBudgetBetweenPoints) {
  const search::RolloutSchedule s = search::parse_rollout_schedule("4000:8 8000:12", "x");
  EXPECT_EQ(s.depth_for(100), 8);
  EXPECT_EQ(s.depth_for(4000), 8);
  EXPECT_EQ(s.depth_for(4000 * std::pow(2.0, 0.25)), 9);
  EXPECT_EQ(s.depth_for(4000 * std::sqrt(2.0)), 10);
  EXPECT_EQ(s.depth_for(8000), 12);
  EXPECT_EQ(s.depth_for(1e9), 12);
  const search::RolloutSchedule three = search::parse_rollout_schedule("1000:6, 4000:8,8000:12", "x");
  EXPECT_EQ(three.depth_for(2000), 7);  // one of the two doublings from 1000 to 4000
  EXPECT_EQ(three.depth_for(4000 * std::sqrt(2.0)), 10);
  const search::RolloutSchedule one = search::parse_rollout_schedule("500:3", "x");
  EXPECT_EQ(one.depth_for(1), 3);
  EXPECT_EQ(one.depth_for(1e6), 3);
}

TEST(RolloutSchedule, BadSchedulesAreNamed) {
  for (const char* bad : {"4000:8 8000", "8000:12 4000:8", "4000:8 4000:9", "x:1", "0:4", "4000:-1", "4000:8;8000:12"}) {
    const std::string e = schedule_error(bad);
    EXPECT_NE(e.find("bot.toml: rollout_depth_by_budget"), std::string::npos) << bad << ": " << e;
  }
  EXPECT_NE(schedule_error("4000:8 8000").find("'8000'"), std::string::npos);
  EXPECT_NE(schedule_error("8000:12 4000:8").find("'4000:8' after 8000"), std::string::npos);
  EXPECT_NE(schedule_error(" , ").find("at least one point"), std::string::npos);
}

// The iteration limit as given; a time limit at the last search's rate; the smaller of
// the two when both are set; nothing when a time limit has no rate yet.
TEST(RolloutSchedule, ExpectedIterations) {
  EXPECT_DOUBLE_EQ(search::expected_iterations(8000, 0, 0), 8000);
  EXPECT_DOUBLE_EQ(search::expected_iterations(8000, 0, 300000), 8000);
  EXPECT_DOUBLE_EQ(search::expected_iterations(0, 0.1, 300000), 30000);
  EXPECT_DOUBLE_EQ(search::expected_iterations(8000, 0.1, 30000), 3000);
  EXPECT_DOUBLE_EQ(search::expected_iterations(2000, 0.1, 30000), 2000);
  EXPECT_DOUBLE_EQ(search::expected_iterations(0, 0.1, 0), 0);
}

// A schedule that says 12 plies at every budget searches exactly as a fixed depth of 12
// (same seed), not as the fixed 8 it replaces.
TEST(RolloutSchedule, TheSearchRollsOutToTheScheduledDepth) {
  Rng rng(5);
  const View view = random_view(rng, 50, kRed);
  const search::Belief belief(view);
  const search::Sampler sampler(belief, search::DeploymentPrior::uniform());
  const eval::Weights weights = eval::find_weights("default");
  auto search = [&](int depth, const char* schedule) {
    search::IsmctsParams params;
    params.rollout.depth = depth;
    if (*schedule) params.rollout_schedule = search::parse_rollout_schedule(schedule, "x");
    return search::ismcts_search(view, sampler, belief, weights, params, 1200, 0, 7);
  };
  const auto scheduled = search(8, "1:12"), fixed12 = search(12, ""), fixed8 = search(8, "");
  ASSERT_EQ(scheduled.root.size(), fixed12.root.size());
  for (size_t k = 0; k < scheduled.root.size(); ++k) {
    EXPECT_EQ(scheduled.root[k].move, fixed12.root[k].move);
    EXPECT_DOUBLE_EQ(scheduled.root[k].mean, fixed12.root[k].mean);
  }
  bool differs = scheduled.root.size() != fixed8.root.size();
  for (size_t k = 0; !differs && k < scheduled.root.size(); ++k) differs = scheduled.root[k].mean != fixed8.root[k].mean;
  EXPECT_TRUE(differs);
}

// A config's schedule reaches the bot, and a bad one is refused naming file and key.
TEST(RolloutSchedule, ConfigKey) {
  search::BotConfig config{"x", "ismcts", {{"rollout_depth_by_budget", "4000:8 8000:12"}}, "x.toml", std::nullopt};
  EXPECT_NO_THROW(search::make_bot(config));
  config.params = {{"rollout_depth_by_budget", "4000:8 8000"}};
  const std::string e = error_of([&] { search::make_bot(config); });
  EXPECT_NE(e.find("x.toml: rollout_depth_by_budget"), std::string::npos) << e;
}

}  // namespace
