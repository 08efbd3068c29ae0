#pragma once
// Replaying a game record: every move checked for legality and for the fight outcome
// and pieces the record claims, and the recorded end checked against the rules.

#include <functional>

#include "engine/position.h"
#include "runner/game/record.h"

namespace junqi::runner {

// Returns the final position. Throws engine::Error naming the ply or field that does
// not replay. on_move (optional) sees the position after each ply.
engine::Position replay(const GameRecord& record,
                        const std::function<void(const engine::Position&, const MoveRecord&)>& on_move = {});

}  // namespace junqi::runner
