// The search bots under each house rule of RULES.md §9: short games through the referee,
// which refuses any illegal move (a game lost by one would end "illegal-move"), and the
// records replay under the rules they name.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "runner/game/referee.h"
#include "runner/game/replay.h"
#include "runner/game/time_control.h"
#include "runner/players/player_factory.h"

namespace {

using namespace junqi;

TEST(HouseRulesSelfplay, PimcAndIsmctsPlayEveryOptionLegally) {
  const std::set<std::string> rule_ends = {"flag", "no-movable-pieces", "no-capture-draw", "max-plies",
                                           "no-moves"};
  const std::vector<std::vector<std::pair<const char*, const char*>>> option_sets = {
      {{"bomb_flies", "true"}},
      {{"all_turn", "true"}},
      {{"marshal_takes_flag", "false"}},
      {{"mine", "all-die"}},
      {{"immobile", "at-once"}},
      {{"bomb_flies", "true"},
       {"all_turn", "true"},
       {"marshal_takes_flag", "false"},
       {"mine", "all-die"},
       {"immobile", "at-once"}},
  };
  uint64_t seed = 1;
  for (const auto& options : option_sets) {
    runner::GameSetup setup;
    for (const auto& [key, value] : options) setup.rules.set(key, value);
    setup.rules.max_plies = 300;  // enough to meet the options, short enough for a unit test
    setup.time_control = runner::parse_time_control("iterations=40");
    SCOPED_TRACE(testing::PrintToString(setup.rules.entries()));
    for (const bool pimc_first : {true, false}) {
      setup.seed = seed++;
      const auto pimc = runner::make_player("pimc"), ismcts = runner::make_player("ismcts");
      const runner::GameRecord record =
          pimc_first ? runner::play_game(*pimc, *ismcts, setup) : runner::play_game(*ismcts, *pimc, setup);
      EXPECT_TRUE(rule_ends.count(record.reason)) << record.reason << ": " << record.detail;
      EXPECT_EQ(record.rules, setup.rules);
      EXPECT_NO_THROW(runner::replay(record));
    }
  }
}

}  // namespace
