#pragma once
// Per-piece type probabilities under the belief, estimated from sampled determinizations:
// what the one-ply baselines reason with.

#include <array>

#include "engine/random.h"
#include "search/belief.h"
#include "search/sampler.h"

namespace junqi::search {

using Marginals = std::array<std::array<double, engine::kPieceTypes>, Belief::kPieces>;

Marginals estimate_marginals(const Sampler& sampler, engine::Rng& rng, int samples);

// Rough material values (Field Marshal 10 … Platoon 1.5, Engineer 3, Bomb 5, Landmine 2,
// Flag beyond any material), for baselines that trade pieces.
double piece_value(engine::PieceType t);

}  // namespace junqi::search
