#pragma once
// Finishing a simulated game: random moves for a few plies, then the leaf evaluation.

#include "engine/game_end.h"
#include "engine/random.h"
#include "eval/evaluation.h"

namespace junqi::search {

// The value of a finished game for `side`: 1 win, 0 loss, 0.5 draw.
double terminal_value(const engine::GameStatus& status, engine::Color side);

// Plays up to `depth` uniformly random plies on pos (modified), then returns the chance
// that `side` wins: the game's result if it ended, else the evaluation.
double rollout(engine::Position& pos, engine::Color side, int depth, engine::Rng& rng, const eval::Weights& weights);

}  // namespace junqi::search
