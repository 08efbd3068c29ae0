#include "runner/web/live_games.h"

#include <algorithm>

namespace junqi::runner::web {

void LiveGames::update(const GameRecord& record) {
  std::lock_guard lock(mutex_);
  if (!record.result.empty()) {
    games_.erase(record.id);
    started_.erase(record.id);
    return;
  }
  if (!started_.count(record.id)) started_[record.id] = arrivals_++;
  games_[record.id] = record;
}

std::vector<GameRecord> LiveGames::games() const {
  std::lock_guard lock(mutex_);
  std::vector<GameRecord> list;
  for (const auto& [id, record] : games_) list.push_back(record);
  std::sort(list.begin(), list.end(),
            [this](const GameRecord& a, const GameRecord& b) { return started_.at(a.id) < started_.at(b.id); });
  return list;
}

std::optional<GameRecord> LiveGames::find(const std::string& id) const {
  std::lock_guard lock(mutex_);
  const auto it = games_.find(id);
  if (it == games_.end()) return std::nullopt;
  return it->second;
}

}  // namespace junqi::runner::web
