#pragma once
// Finishing a simulated four-player game: a few plies played by a light policy, then the
// team evaluation. The worlds are determinizations (every piece's type is known there),
// so the policy can do what any player would: take a Flag it can reach (the seat that
// loses it goes out), and not waste pieces on fights they lose.

#include "engine/four/position.h"
#include "engine/random.h"

namespace junqi::search {

// The defaults are what the four-seat bots play (README "Four players" has the measured
// gains); a config sets them by rollout_depth, rollout_retries, rollout_take_flag and
// rollout_greedy.
struct FourRolloutPolicy {
  int depth = 8;          // plies before the evaluation
  int retries = 0;        // redraws of a move that attacks a piece it loses to (0: none)
  bool take_flag = true;  // a move that takes an opponent's Flag is always played
  // Per mille of the moves that are the one-ply best of the world (greedy_move), the rest
  // drawn at random: rollouts whose seats play like the greedy baseline, which attacks
  // what it beats and heads for the opponents' headquarters.
  int greedy_per_mille = 600;
};

// True if m attacks an (opponent's) Flag.
bool takes_flag(const engine::four::Position& pos, engine::Move m);

// The four-seat greedy bot's choice with every type known (a world): the attack worth the
// most by the combat table, else the move gaining the most links towards the nearest
// headquarters of an opponent still in (random tie-break).
engine::Move greedy_move(const engine::four::Position& pos, const engine::four::MoveList& list,
                         engine::Rng& rng);

// One rollout move from `list` (the legal moves of pos, not empty) under the policy; its
// random moves are redrawn_move's (rollout.h), as the 2-player rollouts'.
engine::Move four_rollout_move(const engine::four::Position& pos, const engine::four::MoveList& list,
                               const FourRolloutPolicy& policy, engine::Rng& rng);

// Plays up to policy.depth plies on pos (modified), stopping when the game ends.
void four_rollout(engine::four::Position& pos, const FourRolloutPolicy& policy, engine::Rng& rng);

}  // namespace junqi::search
