#pragma once
// The tournament's record file beyond RecordWriter: reading what a killed run left
// (its torn last line cut off so appending can go on) and merging shard files.

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "runner/game/record.h"

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

// Forces a record file shared by workers to disk (fsync) from a thread of its own: at
// most every `games` appended games or `interval`, whichever comes first (group
// commit), and once more when destroyed. Each line is written and flushed to the kernel
// game by game anyway, so killing the runner (SIGKILL included) loses no game; only a
// machine crash can lose the games since the last sync. A worker that had to fsync
// itself stalled its next game for the disk's latency; now a worker only counts (random
// bots on ext4, concurrency 2: 3800 -> 4000-4100 games/s, 1.9x -> 2.0x concurrency 1).
class BackgroundSync {
 public:
  // sync: forces the file to disk (RecordWriter::sync); called on the syncing thread only.
  BackgroundSync(std::function<void()> sync, int games, std::chrono::milliseconds interval);
  ~BackgroundSync();  // syncs what is pending and stops the thread
  BackgroundSync(const BackgroundSync&) = delete;
  BackgroundSync& operator=(const BackgroundSync&) = delete;
  void appended();  // after each append_line(); thread-safe, never waits for the disk

 private:
  void run();
  const std::function<void()> sync_;
  const int games_;
  const std::chrono::milliseconds interval_;
  std::mutex mutex_;
  std::condition_variable wake_;
  int pending_ = 0;
  bool stop_ = false;
  std::thread thread_;
};

// True if `path` exists and holds at least one byte.
bool file_has_content(const std::string& path);

}  // namespace junqi::runner
