#pragma once
// The tournament's record file beyond RecordWriter: reading what a killed run left
// (its torn last line cut off so appending can go on) and merging shard files.

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

// True if `path` exists and holds at least one byte.
bool file_has_content(const std::string& path);

}  // namespace junqi::runner
