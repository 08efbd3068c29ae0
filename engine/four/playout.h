#pragma once
// Random four-player games: uniformly random legal moves from random deployments, for
// tests and for the four-player positions of `junqi bench` and bench/.

#include <vector>

#include "engine/four/position.h"
#include "engine/random.h"

namespace junqi::engine::four {

// Plays up to `plies` random legal moves from four random deployments; stops early when
// the game ends. Reproducible from the generator's state.
Position random_position(Rng& rng, int plies, const Rules& rules = {});

// Fixed mid-game positions: live_positions (engine/playout.h) of random four-seat games.
std::vector<Position> midgame_positions(int count);

}  // namespace junqi::engine::four
