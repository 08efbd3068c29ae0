#pragma once
// Four-player deployments: each seat deploys a 2-player deployment (engine/deployment.h)
// in its own frame, so one string serves any seat.

#include <array>

#include "engine/deployment.h"
#include "engine/four/position.h"

namespace junqi::engine::four {

// The square of a deployment slot (own rank and file) in seat s's half.
constexpr Square deployment_square(Seat s, int slot) {
  return Board::square(s, slot % Board::kFiles, slot / Board::kFiles + 1);
}

// The position at ply 0 with the four deployments placed (S, E, N, W), South to move.
Position start_position(const std::array<Deployment, kSeats>& deployments, const Rules& rules = {});

}  // namespace junqi::engine::four
