#include "search/rollout.h"

#include <algorithm>

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

double rollout(Position& pos, Color side, int depth, Rng& rng, const eval::Weights& weights, int plies) {
  MoveList list;
  Position::Undo undo;
  for (int ply = 0;; ++ply) {
    const GameStatus status = status_without_movegen(pos);
    if (status.over()) return terminal_value(status, side, plies + ply);
    generate(pos, list);
    if (list.size == 0) return win_value(pos.side_to_move() != side, plies + ply);  // no move: the mover loses
    if (ply == depth) return eval::evaluate(pos, side, weights);
    pos.make(list[int(rng.below(uint64_t(list.size)))], undo);
  }
}

}  // namespace junqi::search
