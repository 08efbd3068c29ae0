#include "search/four_rollout.h"

#include "engine/four/movegen.h"
#include "search/four_distance.h"
#include "search/one_ply_choice.h"
#include "search/rollout.h"

namespace junqi::search {

namespace four = engine::four;
using engine::Move;

Move greedy_move(const four::Position& pos, const four::MoveList& list, engine::Rng& rng) {
  const four::Seat seat = pos.side_to_move();
  const auto in_game = [&](four::Seat s) { return pos.in_game(s); };
  return greedy_world_move(pos, list, rng, [&](Move m) { return links_gained(seat, m, in_game); });
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
