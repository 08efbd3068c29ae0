#pragma once
// `junqi selfplay`: a bot against itself for training records (`junqi tune fit`). The
// games are a tournament's (paired random deployments, one seed per game, oneTBB
// workers), so the same seed gives the same records at any concurrency.

#include <cstdint>
#include <ostream>
#include <string>

#include "engine/rules.h"
#include "runner/game/time_control.h"

namespace junqi::runner {

struct SelfplayConfig {
  std::string bot;
  int games = 100;
  std::string out;  // JSONL records; must not hold games yet
  TimeControl time_control;
  engine::Rules rules;
  uint64_t seed = 1;
  int concurrency = 0;
};

// Returns the number of games written; prints a progress line every ~5% of the games.
int run_selfplay(const SelfplayConfig& config, std::ostream& progress);

}  // namespace junqi::runner
