#include "engine/four/playout.h"

#include "engine/four/deployment.h"
#include "engine/four/movegen.h"

namespace junqi::engine::four {

bool play_random_move(Position& pos, Rng& rng) {
  if (status_without_movegen(pos).over()) return false;
  MoveList list;
  generate(pos, list);
  if (list.size == 0) return false;
  Position::Undo undo;
  pos.make(list[int(rng.below(uint64_t(list.size)))], undo);
  return true;
}

Position random_position(Rng& rng, int plies, const Rules& rules) {
  std::array<Deployment, kSeats> deployments;
  for (auto& d : deployments) d = random_deployment(rng);
  Position pos = start_position(deployments, rules);
  for (int i = 0; i < plies && play_random_move(pos, rng); ++i) {
  }
  return pos;
}

std::vector<Position> midgame_positions(int count) {
  std::vector<Position> out;
  for (uint64_t seed = 1; int(out.size()) < count; ++seed) {
    Rng rng(seed);
    const int plies = 20 * (int(out.size()) % 8 + 1);
    Position pos = random_position(rng, plies);
    if (pos.ply() == plies && !status_without_movegen(pos).over()) out.push_back(pos);
  }
  return out;
}

}  // namespace junqi::engine::four
