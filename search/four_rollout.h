#pragma once
// Finishing a simulated four-player game: a few plies played by a light policy, then the
// team evaluation. The worlds are determinizations (every piece's type is known there),
// so the policy can do what any player would: take a Flag it can reach (the seat that
// loses it goes out), and not waste pieces on fights they lose.

#include "engine/four/position.h"
#include "engine/random.h"
#include "search/rollout.h"

namespace junqi::search {

// The four-seat bots' default rollout (rollout.h's RolloutPolicy): the Flag taken, 60% of
// the moves the world's one-ply greedy best (README "Four players" has the measured
// gains); a config sets them by rollout_depth, rollout_retries, rollout_take_flag and
// rollout_greedy.
inline constexpr RolloutPolicy kFourRolloutPolicy{8, 0, true, 600};

// The four-seat greedy bot's choice with every type known (a world): the attack worth the
// most by the combat table, else the move gaining the most links towards the nearest
// headquarters of an opponent still in (random tie-break).
engine::Move greedy_move(const engine::four::Position& pos, const engine::four::MoveList& list,
                         engine::Rng& rng);

// One rollout move from `list` (the legal moves of pos, not empty) under the policy
// (rollout.h's policy_move with greedy_move above).
engine::Move four_rollout_move(const engine::four::Position& pos, const engine::four::MoveList& list,
                               const RolloutPolicy& policy, engine::Rng& rng);

// Plays up to policy.depth plies on pos (modified), stopping when the game ends.
void four_rollout(engine::four::Position& pos, const RolloutPolicy& policy, engine::Rng& rng);

}  // namespace junqi::search
