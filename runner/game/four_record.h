#pragma once
// The four-player game's part of a game record line (record.h, docs/notation.md "Game
// records"): the teams, the seats' players, settings and deployments, the eliminations in
// order, and moves in four-player notation. record.cpp writes and reads the fields every
// kind shares and calls these for the rest when the kind is `four`.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "engine/four/position.h"
#include "runner/game/json_input.h"
#include "runner/game/record.h"

namespace junqi::runner {

// "Sa6-Ca1" for a quiet move, "Sa6xCa1>" / "<" / "=" for a fight.
std::string four_move_text(const MoveRecord& m);
// The move and outcome of such a text; throws engine::Error naming the text.
std::pair<engine::Move, engine::Outcome> parse_four_move_text(std::string_view text);

// The seat letter S, E, N or W of seat 0-3, and back (nullopt for anything else).
char four_seat_letter(int seat);
std::optional<int> parse_four_seat_letter(std::string_view text);

// A four-player result as records write it: "1-0" South and North won, "0-1" East and
// West, "1/2-1/2" a draw ("*" while ongoing).
std::string_view four_result_name(engine::four::Result result);

void write_four_fields(const GameRecord& r, nlohmann::json& j);
// Reads teams, players, settings, deployments, eliminations and moves; throws
// engine::Error naming the field.
void read_four_fields(const JsonField& j, GameRecord& r);

}  // namespace junqi::runner
