#include "search/opponent_model.h"

#include <bit>

#include "search/belief.h"

namespace junqi::search {

using namespace junqi::engine;

void OpponentModel::learn(const View& final_view) {
  const Belief belief(final_view);
  DeploymentCounts game;
  for (const TrackedPiece& p : belief.pieces())
    if (std::popcount(unsigned(p.possible)) == 1)
      ++game.count[deployment_slot(belief.enemy(), p.start)][std::countr_zero(unsigned(p.possible))];
  std::lock_guard lock(mutex_);
  for (int slot = 0; slot < kDeploymentSlots; ++slot)
    for (int t = 0; t < kPieceTypes; ++t) seen_.count[slot][t] += game.count[slot][t];
  ++seen_.deployments;
}

DeploymentPrior OpponentModel::prior(const DeploymentPrior& base, double base_games) const {
  const DeploymentCounts seen = this->seen();
  DeploymentPrior blend = base;
  for (int slot = 0; slot < kDeploymentSlots; ++slot) {
    // Over the types the rules allow at the slot (a uniform prior weighs all twelve).
    const TypeMask allowed = deployable_at(slot);
    double base_total = 0;
    int64_t seen_total = 0;
    for (int t = 0; t < kPieceTypes; ++t) {
      if (!(allowed & type_bit(PieceType(t)))) continue;
      base_total += base.weight[slot][t];
      seen_total += seen.count[slot][t];
    }
    if (seen_total == 0 || base_total <= 0) continue;  // nothing learned: the base as it is
    for (int t = 0; t < kPieceTypes; ++t)
      blend.weight[slot][t] =
          allowed & type_bit(PieceType(t))
              ? (double(seen.count[slot][t]) + base_games * base.weight[slot][t] / base_total) /
                    (double(seen_total) + base_games)
              : 0.0;
  }
  return blend;
}

DeploymentCounts OpponentModel::seen() const {
  std::lock_guard lock(mutex_);
  return seen_;
}

}  // namespace junqi::search
