#pragma once
// The games a tournament is playing right now (`junqi tournament ... --serve PORT`): the
// referee's record so far of each, kept for the page to follow move by move. A game leaves
// once it is over; its record then reaches the tournament's record file, which the server
// watches for the standings.

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "runner/game/record.h"

namespace junqi::runner::web {

class LiveGames {
 public:
  // From the games' threads (GameSetup::on_move): the record so far; a game over is dropped.
  void update(const GameRecord& record);
  // The games in progress, the longest running first.
  std::vector<GameRecord> games() const;
  std::optional<GameRecord> find(const std::string& id) const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, GameRecord> games_;
  std::map<std::string, uint64_t> started_;  // id -> order of arrival
  uint64_t arrivals_ = 0;
};

}  // namespace junqi::runner::web
