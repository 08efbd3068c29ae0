#pragma once
// Random playouts: uniformly random legal moves from random deployments. Tests and
// benchmarks draw their mid-game positions from these with a fixed seed.

#include <vector>

#include "engine/flip.h"
#include "engine/position.h"
#include "engine/random.h"
#include "engine/view.h"

namespace junqi::engine {

// Plays up to `plies` random legal moves from random deployments; stops early when the
// game ends. The result is reproducible from the generator's state.
Position random_position(Rng& rng, int plies, const Rules& rules = {});

// The fixed mid-game positions of `junqi bench` and bench/: random games from fixed
// seeds, cut after 20, 40, ... plies (games that end earlier are replayed with the
// next seed so every position is live).
std::vector<Position> midgame_positions(int count);

// The same for the flip game: random layouts and uniformly random actions (flips and
// moves), cut after 10, 20, ... 80 plies, live positions only.
std::vector<FlipPosition> midgame_flip_positions(int count);

// The fixed mid-game views of `junqi bench --search` and bench/: Red's views of random
// games from fixed seeds after 40, 80, 120, ... plies (even: Red to move).
std::vector<View> midgame_views(int count);

// One side's view after up to `plies` random moves from random deployments, with the
// reveals the default rules make (a dead Field Marshal shows its flag).
View random_view(Rng& rng, int plies, Color side);

// Plays one random legal move; returns false (and plays nothing) if the game is over.
bool play_random_move(Position& pos, Rng& rng);

}  // namespace junqi::engine
