#pragma once
// Finishing a simulated game: random moves for a few plies, then the leaf evaluation.

#include "engine/game_end.h"
#include "engine/random.h"
#include "eval/evaluation.h"

namespace junqi::search {

// The value for `side` of a game decided `plies` plies after the searched position: a
// win is worth slightly less the later it comes (and a loss slightly more), so that of
// several winning moves the search prefers the quickest.
double win_value(bool side_wins, int plies);

// The value of a finished game for `side`: a decided result as win_value, 0.5 a draw.
double terminal_value(const engine::GameStatus& status, engine::Color side, int plies);

// Plays up to `depth` uniformly random plies on pos (modified), then returns the chance
// that `side` wins: the game's result if it ended, else the evaluation. `plies` is how
// far pos already is from the searched position.
double rollout(engine::Position& pos, engine::Color side, int depth, engine::Rng& rng, const eval::Weights& weights,
               int plies = 0);

}  // namespace junqi::search
