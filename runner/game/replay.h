#pragma once
// Replaying a game record: every move checked for legality and for the fight outcome
// and pieces the record claims (in the flip game also each piece a flip turned up and the
// colours the flips gave), and the recorded end checked against the rules.

#include <functional>

#include "engine/deployment.h"
#include "engine/flip.h"
#include "engine/position.h"
#include "engine/view.h"
#include "runner/game/record.h"

namespace junqi::runner {

// A dark or open game. Returns the final position. Throws engine::Error naming the ply or
// field that does not replay. on_move (optional) sees the position after each ply.
engine::Position replay(const GameRecord& record,
                        const std::function<void(const engine::Position&, const MoveRecord&)>& on_move = {});

// A dark or open game as its players saw it: before each move, on_turn(view, enemy) with
// the View of the player about to move and the enemy's true deployment (for fitting
// models of what a player can infer, behaviour_model.h). Checks as replay does.
void replay_views(const GameRecord& record,
                  const std::function<void(const engine::View&, const engine::Deployment&)>& on_turn);

// A flip game, from the record's layout.
engine::FlipPosition replay_flip(const GameRecord& record,
                                 const std::function<void(const engine::FlipPosition&, const MoveRecord&)>& on_move = {});

}  // namespace junqi::runner
