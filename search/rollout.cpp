#include "search/rollout.h"

namespace junqi::search {

using namespace junqi::engine;

double terminal_value(const GameStatus& status, Color side) {
  if (status.result == Result::kDraw) return 0.5;
  return status.result == win_for(side) ? 1.0 : 0.0;
}

double rollout(Position& pos, Color side, int depth, Rng& rng, const eval::Weights& weights) {
  MoveList list;
  Position::Undo undo;
  for (int ply = 0;; ++ply) {
    const GameStatus status = status_without_movegen(pos);
    if (status.over()) return terminal_value(status, side);
    generate(pos, list);
    if (list.size == 0) return pos.side_to_move() == side ? 0.0 : 1.0;  // no move: the mover loses
    if (ply == depth) return eval::evaluate(pos, side, weights);
    pos.make(list[int(rng.below(uint64_t(list.size)))], undo);
  }
}

}  // namespace junqi::search
