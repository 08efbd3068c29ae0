#pragma once
// The schedule: every game of a tournament, decided by the config alone (same config,
// same schedule), so that shards, resumes and reruns agree on what each game id means.
// Games come in pairs: the same two deployments, the players' sides swapped (four players:
// the same four deployments, the teams' seat pairs swapped).

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/deployment.h"
#include "runner/tournament/tournament_config.h"

namespace junqi::runner {

struct ScheduledGame {
  std::string id;      // "1", "2", ...: game index + 1; games 2k-1 and 2k form pair k
  int64_t index = 0;   // position in the full schedule
  int64_t pair = 0;    // pair index, from 0
  int round = 0;       // from 0
  std::array<int, engine::kColors> players{};  // player indices by side (red, blue)
  std::array<engine::Deployment, engine::kColors> deployments{};  // imposed on red, blue
  // The four-player game: players[0] is the team on South and North, players[1] the team
  // on East and West, and these are imposed by seat (S, E, N, W): a pair plays the same
  // four deployments with the teams' seat pairs swapped.
  std::array<engine::Deployment, 4> seat_deployments{};
  bool imposed = true;  // false: each side deploys itself (a match that is not paired)
  uint64_t seed = 0;   // the game's own seed (GameSetup::seed)
  uint64_t layout_seed = 0;  // the flip game's layout, shared by the pair (GameSetup::layout_seed)
};

struct Shard {
  int index = 1, count = 1;  // the index-th (1-based) of count slices
};
// "K/N" with 1 <= K <= N; throws engine::Error otherwise.
Shard parse_shard(const std::string& text);

// The games of a tournament, or of one shard of it (whole pairs, pair p going to shard
// p % count + 1), in order: round by round, then pair slot by pair slot, then pairing by
// pairing, so a partial tournament has played every pairing about equally. Each game is
// made when asked for, from its index alone: a schedule of a billion pairs takes no
// memory and no time to set up.
class Schedule {
 public:
  // Throws engine::Error if the tournament has more games than 64 bits can count.
  explicit Schedule(const TournamentConfig& config, Shard shard = {});

  int64_t size() const { return size_; }
  ScheduledGame game(int64_t position) const;  // 0 <= position < size()
  // Where game `id` is in this schedule; nullopt if it is in another shard or no game.
  std::optional<int64_t> position_of(const std::string& id) const;
  // The first `games` games only (selfplay: an odd count ends in half a pair).
  void truncate(int64_t games) { size_ = std::min(size_, games); }

 private:
  std::vector<std::pair<int, int>> pairings_;
  int pairs_;
  uint64_t seed_;
  std::vector<engine::Deployment> book_;
  bool four_;
  Shard shard_;
  int64_t size_ = 0;
};

}  // namespace junqi::runner
