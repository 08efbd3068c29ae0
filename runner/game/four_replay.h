#pragma once
// Replaying a four-player game record: every move checked for legality, for the fight
// outcome and piece types the record claims, the seats that went out after it (in order,
// with their reasons), and the recorded end checked against the rules.

#include <functional>
#include <vector>

#include "engine/four/game.h"
#include "engine/four/position.h"
#include "runner/game/record.h"

namespace junqi::runner {

// The seats a step put out, as a record keeps them (after `ply` plies).
std::vector<Elimination> eliminations_of(const engine::four::Step& step, int ply);

// The game of a record's four deployments; throws engine::Error naming the seat.
engine::four::FourGame four_game_of(const GameRecord& record);

// Returns the final position. Throws engine::Error naming the ply or field that does not
// replay. on_move (optional) sees the position after each ply.
engine::four::Position replay_four(
    const GameRecord& record,
    const std::function<void(const engine::four::Position&, const MoveRecord&)>& on_move = {});

}  // namespace junqi::runner
