#pragma once
// Replaying records in the page: the games of a record file the person opened (JSON lines
// or game text, sent as text: the server reads no file for it), and one game as a board
// per ply from a point of view: the full board, or what Red or Blue (in the four-player
// game, one seat) saw: each side's view, fed by the engine's game exactly as the referee
// fed it.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runner/game/record.h"

namespace junqi::runner::web {

// Throws ApiError 400 naming the line (or game) that is not a record.
std::vector<GameRecord> parse_records_text(const std::string& text);

// {"index", "id", "red", "blue", "result", "reason", "kind", "plies"} per game.
nlohmann::json game_summaries(const std::vector<GameRecord>& games);

// {"viewpoint", "frames": [{"ply", "player", "move", "board": [{"square", "piece"}]}]},
// frame 0 the start; player: who moved (0 Red or the first seat, 1 Blue or the second;
// 0..3 South to West). viewpoint: "full", "red" or "blue", in the four-player game "full"
// or a seat ("south" .. "west"); a move is the text that viewpoint saw of it. The flip
// game: a side's view writes face-down pieces `?`; the full board names them, flagged
// "face_down": true. Throws ApiError 400 for a bad viewpoint or a record that does not
// replay (naming the ply).
nlohmann::json replay_frames(const GameRecord& record, const std::string& viewpoint);

}  // namespace junqi::runner::web
