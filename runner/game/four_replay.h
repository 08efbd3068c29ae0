#pragma once
// Replaying a four-player game record: every move checked for legality, for the fight
// outcome and piece types the record claims, the seats that went out after it (in order,
// with their reasons), and the recorded end checked against the rules.

#include <functional>
#include <vector>

#include "engine/four/position.h"
#include "runner/game/record.h"

namespace junqi::runner {

// One ply played on a four-player position as a record keeps it: the fight's piece types
// and the seats it put out (directly, a Flag taken, or by the turn passing: a seat left
// without a legal move, or under `immobile = at-once` without a movable piece).
struct FourPly {
  engine::Outcome outcome = engine::Outcome::kQuiet;
  engine::Piece attacker = engine::kNoPiece, defender = engine::kNoPiece;  // types, fights only
  std::vector<Elimination> out;
};

// Plays `m` (legal) on `pos` and says what it did.
FourPly play_four_ply(engine::four::Position& pos, engine::Move m);

// The start position of a record's four deployments; throws engine::Error naming the seat.
engine::four::Position four_start(const GameRecord& record);

// Returns the final position. Throws engine::Error naming the ply or field that does not
// replay. on_move (optional) sees the position after each ply.
engine::four::Position replay_four(
    const GameRecord& record,
    const std::function<void(const engine::four::Position&, const MoveRecord&)>& on_move = {});

}  // namespace junqi::runner
