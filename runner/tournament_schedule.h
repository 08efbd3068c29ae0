#pragma once
// The schedule: every game of a tournament, decided by the config alone (same config,
// same schedule), so that shards, resumes and reruns agree on what each game id means.
// Games come in pairs: the same two deployments, the players' sides swapped.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/deployment.h"
#include "runner/tournament_config.h"

namespace junqi::runner {

struct ScheduledGame {
  std::string id;      // "1", "2", ...: game index + 1; games 2k-1 and 2k form pair k
  int index = 0;       // position in the full schedule
  int pair = 0;        // pair index, from 0
  int round = 0;       // from 0
  std::array<int, engine::kColors> players{};  // player indices by side (red, blue)
  std::array<engine::Deployment, engine::kColors> deployments{};  // imposed on red, blue
  uint64_t seed = 0;   // the game's own seed (GameSetup::seed)
};

// Round by round, then pair slot by pair slot, then pairing by pairing, so a partial
// tournament has played every pairing about equally.
std::vector<ScheduledGame> make_schedule(const TournamentConfig& config);

struct Shard {
  int index = 1, count = 1;  // the index-th (1-based) of count slices
};
// "K/N" with 1 <= K <= N; throws engine::Error otherwise.
Shard parse_shard(const std::string& text);
// The games of one shard: whole pairs, pair p going to shard p % count + 1.
std::vector<ScheduledGame> shard_of(const std::vector<ScheduledGame>& schedule, const Shard& shard);

}  // namespace junqi::runner
