#pragma once
// The four-player game as the API writes it, for a game in play (a seat's FourView) and
// for a replay (the true position or a seat's view alike): everything here reads the
// position it is given and nothing else, so a view's board holds only what that seat knows.

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/four/game.h"
#include "engine/four/position.h"

namespace junqi::runner::web {

// "south", "east", "north", "west" for seats 0..3; and back (nullopt for anything else).
std::string four_seat_name(int seat);
std::optional<int> parse_four_seat_name(const std::string& name);

// A piece as the seat's lowercase letter and its type's letter: "sM", "eX" (a piece the
// viewer cannot identify); "" for no piece.
std::string four_piece_text(engine::Piece p);

// [{"square": "Sa1", "piece": "sF"}, ...] for every occupied square.
nlohmann::json four_board_json(const engine::four::Position& pos);

// The tokens of one observation, space-separated ("Sa6xCa1> out:E:flag").
std::string four_tokens_text(const engine::four::Observation& seen);

}  // namespace junqi::runner::web
