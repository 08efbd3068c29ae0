#pragma once
// The tournament's record file beyond RecordWriter: reading what a killed run left
// (its torn last line cut off so appending can go on) and merging shard files.

#include <chrono>
#include <string>
#include <vector>

#include "runner/record.h"

namespace junqi::runner {

struct FinishedGames {
  std::vector<GameRecord> records;
  bool torn = false;  // the file ended in a partial line (killed mid-write); it was cut off
};

// Records of a file to be resumed; a missing file holds none. A last line without its
// newline is a write the process did not finish: it is removed from the file (the game
// is played again). Any other bad line or a repeated game id throws engine::Error
// naming the file and line.
FinishedGames read_finished_games(const std::string& path);

// Joins record files into `out` (which must not exist or be empty), in game id order;
// a game id found twice throws engine::Error naming the id and both files. Returns the
// number of records written.
size_t merge_record_files(const std::vector<std::string>& inputs, const std::string& out);

// When a record file shared by workers is forced to disk (fsync): at most every `games`
// games or `interval`, whichever comes first (group commit). Each line is written and
// flushed to the kernel game by game anyway, so killing the runner (SIGKILL included)
// loses no game; only a machine crash can lose the games since the last sync. Not
// thread-safe: call due() under the writer's lock after each append, sync outside it.
class SyncSchedule {
 public:
  SyncSchedule(int games, std::chrono::milliseconds interval)
      : games_(games), interval_(interval), last_(std::chrono::steady_clock::now()) {}
  bool due() {
    const auto now = std::chrono::steady_clock::now();
    if (++pending_ < games_ && now - last_ < interval_) return false;
    pending_ = 0;
    last_ = now;
    return true;
  }

 private:
  int games_, pending_ = 0;
  std::chrono::milliseconds interval_;
  std::chrono::steady_clock::time_point last_;
};

// True if `path` exists and holds at least one byte.
bool file_has_content(const std::string& path);

}  // namespace junqi::runner
