#pragma once
// What the page needs before any game: the board's geometry to draw, the bots it can
// play against (whatever configs/bots holds), and the rule options with their defaults.

#include <vector>

#include <nlohmann/json.hpp>

#include "engine/rules.h"

namespace junqi::runner::web {

// Squares (name, file, rank, camp, headquarters, railway) and links (road or railway),
// straight from engine/geometry.h: the page draws nothing it works out itself.
nlohmann::json geometry_json();

// The four-player board of engine/four/board.h: squares (name; seat letter, or "C" for the
// centre; own file and rank; camp, headquarters, railway; and x, y, where the engine
// places it on the table, South's half below the centre, y up) and links (road or
// railway, `arc` for the corner arcs between two halves).
nlohmann::json four_geometry_json();

// configs/bots/*.toml, listed afresh on every call: name, kind, the description line,
// whether it plays the flip game and the four-player game, and which one the page should offer first.
nlohmann::json bots_json();

// The kinds of game the server hosts: dark, open, flip and four.
std::vector<engine::GameKind> served_kinds();

// The served kinds' names, and their rule options but `kind` (the page asks for that on
// its own): key, type and default.
nlohmann::json rules_json();

}  // namespace junqi::runner::web
