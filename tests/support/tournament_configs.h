#pragma once
// Small tournament configs for the schedule and runner tests.

#include <optional>
#include <string>
#include <vector>

#include "runner/game/time_control.h"
#include "runner/tournament/tournament_config.h"

namespace junqi::testing_support {

// Players named by their specs, seed 7, iterations=30.
inline runner::TournamentConfig config_of(std::vector<std::string> specs, runner::TournamentFormat format,
                                          int rounds, int pairs) {
  runner::TournamentConfig c;
  for (const auto& s : specs) c.players.push_back({s, s, std::nullopt, std::nullopt, {}});
  c.format = format;
  c.rounds = rounds;
  c.pairs = pairs;
  c.seed = 7;
  c.time_control = runner::parse_time_control("iterations=30");
  return c;
}

}  // namespace junqi::testing_support
