#pragma once
// The one-ply value of flip-game actions: the position after the action scored by the
// flip evaluation (or the game's result if it ends there), a flip averaged exactly over
// every piece it may turn up. What the greedy bot plays by, and the prior the flip
// search (flip_tree.h) starts its actions from.

#include <vector>

#include "engine/flip.h"
#include "engine/movegen.h"
#include "eval/flip_evaluation.h"

namespace junqi::search {

// The value for `player` of each of `actions` (legal in world), in their order. A move's
// fight is known (both fighters are face up); a flip's value is the average over each
// kind of piece still face down, dealt to the flipped square in turn and weighted by its
// count. The rest of the world's filling does not matter: the evaluation reads only the
// face-down multiset.
std::vector<double> one_ply_values(const engine::FlipPosition& world, const engine::MoveList& actions, int player,
                                   const eval::FlipWeights& weights);

}  // namespace junqi::search
