#pragma once
// Finishing a simulated game: random moves for a few plies, then the leaf evaluation.
// The same for the flip game, whose worlds are FlipPositions and whose actions include
// flips (a rollout's flip turns up what the world holds there: a chance draw, since the
// world was dealt at random).

#include "engine/combat.h"
#include "engine/flip.h"
#include "engine/game_end.h"
#include "engine/random.h"
#include "eval/evaluation.h"
#include "eval/flip_evaluation.h"

namespace junqi::search {

// The value for `side` of a game decided `plies` plies after the searched position: a
// win is worth slightly less the later it comes (and a loss slightly more), so that of
// several winning moves the search prefers the quickest.
double win_value(bool side_wins, int plies);

// The value of a finished game for `side`: a decided result as win_value, 0.5 a draw.
double terminal_value(const engine::GameStatus& status, engine::Color side, int plies);

// How a rollout plays: `depth` plies, then the leaf evaluation. The worlds are
// determinizations (both sides' types are known there), so the policy can do what any
// player would: take a Flag it can reach, play the world's one-ply best move (attack what
// it beats, else advance towards the enemy headquarters) for a share of the moves, and
// redraw a random move that attacks a piece it loses to up to `retries` times. The
// defaults are uniformly random plies; the flip game uses depth and retries only (its
// rollouts flip unknown pieces, where nothing is known to choose by).
struct RolloutPolicy {
  int depth = 8;
  int retries = 0;
  bool take_flag = false;    // a move that takes the enemy Flag is always played
  int greedy_per_mille = 0;  // per mille of the moves that are the world's one-ply best
};

// True if m attacks a Flag, on a full-information board (2-player or four-player).
template <class Pos>
bool takes_flag(const Pos& pos, engine::Move m) {
  const engine::Piece target = pos.piece_on(engine::to_sq(m));
  return target != engine::kNoPiece && engine::type_of(target) == engine::kFlag;
}

// The 2-player greedy choice with every type known (a world): the attack worth the most
// by the combat table, else the move gaining the most links towards the enemy
// headquarters (random tie-break). The four-player one is in four_rollout.h.
engine::Move greedy_move(const engine::Position& pos, const engine::MoveList& list, engine::Rng& rng);

// True if m attacks a piece that beats its attacker, in a full-information position (the
// 2-player board, or the four-player one); in the flip game a flip attacks nothing.
template <class Pos>
bool loses_its_attacker(const Pos& pos, engine::Move m) {
  const engine::Piece defender = pos.piece_on(engine::to_sq(m));
  return defender != engine::kNoPiece &&
         engine::fight(engine::type_of(pos.piece_on(engine::from_sq(m))), engine::type_of(defender),
                       pos.rules().mine) == engine::Outcome::kDefenderWins;
}
bool loses_its_attacker(const engine::FlipPosition& pos, engine::Move m);

// A uniformly random move of `list` (not empty), drawn again up to `retries` times while
// it loses its attacker: the rollouts' random move, in every game kind.
template <class Pos, class List>
engine::Move redrawn_move(const Pos& pos, const List& list, int retries, engine::Rng& rng) {
  engine::Move m = list[int(rng.below(uint64_t(list.size)))];
  for (int retry = 0; retry < retries && loses_its_attacker(pos, m); ++retry)
    m = list[int(rng.below(uint64_t(list.size)))];
  return m;
}

// One rollout move from `list` (the legal moves of pos, not empty) under the policy, with
// `greedy(pos, list, rng)` the world's one-ply best: the rollouts' move in the 2-player
// and four-player games.
template <class Pos, class List, class Greedy>
engine::Move policy_move(const Pos& pos, const List& list, const RolloutPolicy& policy, engine::Rng& rng,
                         const Greedy& greedy) {
  if (policy.take_flag)
    for (const engine::Move m : list)
      if (takes_flag(pos, m)) return m;
  if (policy.greedy_per_mille > 0 && int(rng.below(1000)) < policy.greedy_per_mille) return greedy(pos, list, rng);
  return redrawn_move(pos, list, policy.retries, rng);
}

// One rollout move from `list` (the legal moves of pos, not empty) under the policy; the
// flip game's is redrawn_move's.
engine::Move rollout_move(const engine::Position& pos, const engine::MoveList& list, const RolloutPolicy& policy,
                          engine::Rng& rng);
engine::Move rollout_move(const engine::FlipPosition& pos, const engine::MoveList& list, const RolloutPolicy& policy,
                          engine::Rng& rng);

// Plays up to policy.depth plies on pos (modified), then returns the chance that `side`
// wins: the game's result if it ended, else the evaluation. `plies` is how far pos
// already is from the searched position.
double rollout(engine::Position& pos, engine::Color side, const RolloutPolicy& policy, engine::Rng& rng,
               const eval::Weights& weights, int plies = 0);
// The same in the flip game, for `player` (0 = first to act): the colours may be
// assigned on the way.
double rollout(engine::FlipPosition& pos, int player, const RolloutPolicy& policy, engine::Rng& rng,
               const eval::FlipWeights& weights, int plies = 0);

// The value of a finished flip game for `player`, as terminal_value (results name colours).
double flip_terminal_value(const engine::FlipPosition& pos, const engine::GameStatus& status, int player, int plies);

}  // namespace junqi::search
