#include "search/rollout.h"

#include <algorithm>

#include "engine/combat.h"

namespace junqi::search {

using namespace junqi::engine;

double win_value(bool side_wins, int plies) {
  constexpr double kDecayPerPly = 0.001;  // far below any evaluation difference that matters
  const double late = std::min(0.1, kDecayPerPly * plies);
  return side_wins ? 1.0 - late : late;
}

double terminal_value(const GameStatus& status, Color side, int plies) {
  if (status.result == Result::kDraw) return 0.5;
  return win_value(status.result == win_for(side), plies);
}

bool loses_its_attacker(const Position& pos, Move m) {
  const Piece defender = pos.piece_on(to_sq(m));
  return defender != kNoPiece &&
         fight(type_of(pos.piece_on(from_sq(m))), type_of(defender), pos.rules().mine) == Outcome::kDefenderWins;
}

Move rollout_move(const Position& pos, const MoveList& list, int retries, Rng& rng) {
  Move m = list[int(rng.below(uint64_t(list.size)))];
  for (int retry = 0; retry < retries && loses_its_attacker(pos, m); ++retry)
    m = list[int(rng.below(uint64_t(list.size)))];
  return m;
}

double rollout(Position& pos, Color side, const RolloutPolicy& policy, Rng& rng, const eval::Weights& weights,
               int plies) {
  MoveList list;
  Position::Undo undo;
  for (int ply = 0;; ++ply) {
    const GameStatus status = status_without_movegen(pos);
    if (status.over()) return terminal_value(status, side, plies + ply);
    generate(pos, list);
    if (list.size == 0) return win_value(pos.side_to_move() != side, plies + ply);  // no move: the mover loses
    if (ply == policy.depth) return eval::evaluate(pos, side, weights);
    pos.make(rollout_move(pos, list, policy.retries, rng), undo);
  }
}

}  // namespace junqi::search
