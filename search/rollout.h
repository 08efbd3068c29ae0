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

// How a rollout plays: `depth` random plies; a drawn move that attacks a piece it loses
// to (the world is a determinization, so both sides' types are known there) is drawn
// again up to `retries` times, so rollouts waste fewer pieces on fights no player would
// pick. 0 retries: uniformly random.
struct RolloutPolicy {
  int depth = 8;
  int retries = 0;
};

// One rollout move from `list` (the legal moves of pos, not empty) under the policy.
engine::Move rollout_move(const engine::Position& pos, const engine::MoveList& list, int retries, engine::Rng& rng);
engine::Move rollout_move(const engine::FlipPosition& pos, const engine::MoveList& list, int retries, engine::Rng& rng);

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
