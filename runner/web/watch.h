#pragma once
// Watching a match or tournament: the server follows a record file named on its command
// line (`junqi serve --watch FILE`), which the runner appends game by game, and the page
// shows the standings and replays any game finished so far.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runner/game/record.h"

namespace junqi::runner::web {

// The finished games of the file as it is now: every complete line (a line still being
// written, without its newline, waits for the next look). A file not there yet holds no
// game. Throws ApiError 500 naming the line that is not a record.
std::vector<GameRecord> read_watched(const std::string& path);

// Per player: games, wins, draws, losses and points, most points first.
nlohmann::json standings_json(const std::vector<GameRecord>& games);

}  // namespace junqi::runner::web
