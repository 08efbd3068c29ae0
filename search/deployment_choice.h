#pragma once
// Choosing a deployment with purpose: random legal deployments scored by placement
// heuristics, best of many.

#include "engine/deployment.h"
#include "engine/random.h"

namespace junqi::search {

// Heuristic quality of a deployment: the flag's back-rank and front neighbours are
// landmines or bombs, the Field Marshal and General stand in the middle ranks, engineers
// are not buried in the back ranks, bombs guard the approaches (ranks 2-4).
double deployment_score(const engine::Deployment& d);

// The best-scoring of `candidates` uniformly random legal deployments.
engine::Deployment sensible_deployment(engine::Rng& rng, int candidates = 300);

}  // namespace junqi::search
