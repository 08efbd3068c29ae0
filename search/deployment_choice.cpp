#include "search/deployment_choice.h"

namespace junqi::search {

using namespace junqi::engine;

double deployment_score(const Deployment& d) {
  constexpr int kFiles = 5;
  double score = 0;
  int flag_slot = 0;
  while (d[flag_slot] != kFlag) ++flag_slot;
  // Slots around the flag: left, right and in front on the back two ranks.
  for (int slot : {flag_slot - 1, flag_slot + 1, flag_slot + kFiles})
    if (d[slot] == kMine) score += 3;
    else if (d[slot] == kBomb) score += 1;
  for (int slot = 0; slot < kDeploymentSlots; ++slot) {
    const int own_rank = slot / kFiles + 1;
    switch (d[slot]) {
      case kMarshal:
      case kGeneral: score += (own_rank >= 3 && own_rank <= 5) ? 1.5 : -1; break;
      case kEngineer: score += own_rank <= 2 ? -1 : 0.5; break;
      case kBomb: score += (own_rank >= 2 && own_rank <= 4) ? 1 : 0; break;
      case kDivision: score += own_rank >= 4 ? 0.5 : 0; break;
      default: break;
    }
  }
  return score;
}

Deployment sensible_deployment(Rng& rng, int candidates) {
  Deployment best = random_deployment(rng);
  double best_score = deployment_score(best);
  for (int i = 1; i < candidates; ++i) {
    const Deployment d = random_deployment(rng);
    const double s = deployment_score(d);
    if (s > best_score) best = d, best_score = s;
  }
  return best;
}

}  // namespace junqi::search
