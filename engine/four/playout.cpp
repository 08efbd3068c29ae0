#include "engine/four/playout.h"

#include "engine/four/deployment.h"
#include "engine/four/movegen.h"
#include "engine/playout.h"

namespace junqi::engine::four {

Position random_position(Rng& rng, int plies, const Rules& rules) {
  std::array<Deployment, kSeats> deployments;
  for (auto& d : deployments) d = random_deployment(rng);
  Position pos = start_position(deployments, rules);
  for (int i = 0; i < plies && play_random_move(pos, rng); ++i) {
  }
  return pos;
}

std::vector<Position> midgame_positions(int count) {
  return live_positions<Position>(count,
                                  [](Rng& rng, int plies) { return four::random_position(rng, plies); });
}

}  // namespace junqi::engine::four
