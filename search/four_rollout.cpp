#include "search/four_rollout.h"

#include "engine/four/movegen.h"
#include "search/four_distance.h"
#include "search/one_ply_choice.h"
#include "search/rollout.h"

namespace junqi::search {

namespace four = engine::four;
using engine::Move;

Move greedy_move(const four::Position& pos, const four::MoveList& list, engine::Rng& rng) {
  static const OnePlyTable kTable;
  const four::Seat seat = pos.side_to_move();
  const auto in_game = [&](four::Seat s) { return pos.in_game(s); };
  Move best = list[0];
  double best_score = -1e18;
  for (const Move m : list) {
    const engine::PieceType mover = engine::type_of(pos.piece_on(engine::from_sq(m)));
    const engine::Piece target = pos.piece_on(engine::to_sq(m));
    double score =
        target != engine::kNoPiece
            ? attack_value(mover, engine::type_of(target), pos.rules().mine, kTable.aggression)
            : advance_weight(kTable, mover) * links_gained(seat, m, in_game);
    score += 0.0001 * double(rng.below(100));  // tie-break among equals
    if (score > best_score) best_score = score, best = m;
  }
  return best;
}

Move four_rollout_move(const four::Position& pos, const four::MoveList& list, const RolloutPolicy& policy,
                       engine::Rng& rng) {
  return policy_move(pos, list, policy, rng,
                     [](const four::Position& p, const four::MoveList& l, engine::Rng& r) { return greedy_move(p, l, r); });
}

void four_rollout(four::Position& pos, const RolloutPolicy& policy, engine::Rng& rng) {
  four::MoveList list;
  four::Position::Undo undo;
  // make() leaves either a finished game or a seat to move with a legal move.
  for (int ply = 0; ply < policy.depth && !four::game_status(pos).over(); ++ply) {
    four::generate(pos, list);
    if (list.size == 0) return;
    pos.make(four_rollout_move(pos, list, policy, rng), undo);
  }
}

}  // namespace junqi::search
