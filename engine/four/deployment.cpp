#include "engine/four/deployment.h"

namespace junqi::engine::four {

Position start_position(const std::array<Deployment, kSeats>& deployments, const Rules& rules) {
  Position pos;
  for (int s = 0; s < kSeats; ++s)
    for (int slot = 0; slot < kDeploymentSlots; ++slot)
      if (deployments[s][slot] != kNoType)
        pos.put_piece(deployment_square(Seat(s), slot), make_piece(Seat(s), deployments[s][slot]));
  pos.set_rules(rules);
  pos.settle();
  return pos;
}

}  // namespace junqi::engine::four
