// Learning an opponent's deployment habit from one's own views: the counts hold exactly
// the enemy types the final view fixed, each at its true starting slot and never more
// than the view shows; the blend with the base prior follows the formula by hand.
#include "search/opponent_model.h"

#include <gtest/gtest.h>

#include <bit>
#include <optional>
#include <utility>
#include <vector>

#include "engine/deployment.h"
#include "search/belief.h"
#include "tests/support/random_game_views.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

// Random games to their end: Red learns from its final view of each. Everything counted
// must be the true type at the slot (the view's facts are sound); and the model holds no
// more than the view fixed: a piece whose type the view left open counts nothing, so the
// counts are not the referee's deployment.
TEST(OpponentModel, CountsOnlyWhatTheFinalViewFixed) {
  // The last view of each of six random games, with Blue's deployment behind it.
  std::vector<std::pair<View, Deployment>> finals;
  testing_support::for_each_random_game_view(
      6, 1, [&](const Position& truth, const View& view, const Deployment& blue, Rng&) {
        if (truth.ply() == 1)
          finals.emplace_back(view, blue);
        else
          finals.back().first = view;
      });
  ASSERT_EQ(finals.size(), 6u);
  search::OpponentModel model;
  int games = 0, fixed = 0, open = 0;
  for (const auto& [final_view, blue] : finals) {
    const search::DeploymentCounts before = model.seen();
    model.learn(final_view);
    const search::DeploymentCounts after = model.seen();
    EXPECT_EQ(after.deployments, before.deployments + 1);
    const search::Belief belief(final_view);
    for (const search::TrackedPiece& p : belief.pieces()) {
      const int slot = deployment_slot(kBlue, p.start);
      ASSERT_GE(slot, 0);
      int64_t added = 0;
      for (int t = 0; t < kPieceTypes; ++t) {
        const int64_t d = after.count[slot][t] - before.count[slot][t];
        EXPECT_TRUE(d == 0 || (d == 1 && t == blue[slot])) << "slot " << slot << " type " << t;
        added += d;
      }
      const bool one_type = (p.possible & (p.possible - 1)) == 0;
      EXPECT_EQ(added, one_type ? 1 : 0) << "slot " << slot;
      (one_type ? fixed : open) += 1;
    }
    ++games;
  }
  EXPECT_EQ(model.seen().deployments, games);
  EXPECT_GT(fixed, 0);
  EXPECT_GT(open, 0);  // the views left pieces open: the model did not read the deployment
}

// One random game learned, uniform base, base_games = 2: at a slot fixed as type t with n
// allowed types, P(t) = (1 + 2/n) / 3 and P(u) = (2/n) / 3 for the other allowed types, 0
// for the forbidden; a slot the view left open keeps the base's weights.
TEST(OpponentModel, BlendsCountsWithTheBasePrior) {
  std::optional<View> final_view;
  testing_support::for_each_random_game_view(
      1, 1, [&](const Position&, const View& view, const Deployment&, Rng&) { final_view = view; });
  search::OpponentModel model;
  model.learn(*final_view);
  const search::DeploymentCounts seen = model.seen();
  const search::DeploymentPrior base = search::DeploymentPrior::uniform();
  const search::DeploymentPrior blend = model.prior(base, 2.0);
  int checked_fixed = 0, checked_open = 0;
  for (int slot = 0; slot < kDeploymentSlots; ++slot) {
    if (is_camp_slot(slot)) continue;
    const search::TypeMask allowed = search::deployable_at(slot);
    const double n = std::popcount(unsigned(allowed));
    int seen_type = -1;
    for (int t = 0; t < kPieceTypes; ++t)
      if (seen.count[slot][t]) seen_type = t;
    for (int t = 0; t < kPieceTypes; ++t) {
      double expected = base.weight[slot][t];
      if (seen_type >= 0)
        expected = !(allowed & search::type_bit(PieceType(t))) ? 0.0
                   : t == seen_type                            ? (1 + 2 / n) / 3
                                                               : (2 / n) / 3;
      EXPECT_DOUBLE_EQ(blend.weight[slot][t], expected) << "slot " << slot << " type " << t;
    }
    ++(seen_type >= 0 ? checked_fixed : checked_open);
  }
  EXPECT_GT(checked_fixed, 0);
  EXPECT_GT(checked_open, 0);
}

}  // namespace
