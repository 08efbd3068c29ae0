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

}  // namespace junqi::search
