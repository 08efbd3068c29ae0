#pragma once
// Rough material values of the piece types, for the one-ply baselines that trade pieces
// and for the flip evaluation's capture terms, which must weigh a gain in one number.

#include "engine/types.h"

namespace junqi::eval {

// Field Marshal 10 … Platoon 1.5, Engineer 3 (it clears Landmines), Bomb 5, Landmine 2,
// the Flag beyond any material.
constexpr double piece_value(engine::PieceType t) {
  constexpr double kValue[engine::kPieceTypes] = {10, 8, 6, 5, 4, 3, 2, 1.5, 3, 5, 2, 1000};
  return t < engine::kPieceTypes ? kValue[t] : 0;
}

}  // namespace junqi::eval
