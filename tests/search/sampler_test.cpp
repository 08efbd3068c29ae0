// The belief is sound (the truth is always still possible) and the sampler is exact
// (frequencies match brute-force enumeration; every sample fits the piece counts).
#include "search/sampler.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "engine/deployment.h"
#include "search/belief.h"
#include "tests/support/random_game_views.h"
#include "tests/support/replay_world.h"

namespace {

using namespace junqi;
using namespace junqi::engine;
using search::Belief;
using search::Sampler;
using search::TypeWeights;

// At the start of a game (no observation), with a uniform prior, the total weight is
// the number of legal deployments: 2 flag squares x C(9,3) mine slots x C(16,2) bomb
// slots x 19!/(2!^4 3!^3) arrangements of the other 19 pieces = 709,596,419,051,520,000.
TEST(Sampler, CountsEveryLegalDeploymentAtTheStart) {
  const Deployment d = parse_legal_deployment(kSampleDeployment);
  const View view(kRed, d, {});
  const Sampler sampler(Belief(view), search::DeploymentPrior::uniform());
  EXPECT_NEAR(sampler.total_weight() / 709596419051520000.0, 1.0, 1e-9);
}

// Twenty pieces fixed to one type each; the last five (ids 20..24) free among the types
// left over (one each of D, R, C and two E) with uneven weights. Brute force: enumerate
// every assignment of those five, keep the ones matching the counts, weight them.
TEST(Sampler, MatchesExactEnumerationOnASmallCase) {
  // Types handed out to ids 0..19: everything except one D, one R, one C and two E.
  std::vector<PieceType> fixed;
  for (int t = 0; t < kPieceTypes; ++t)
    for (int k = 0; k < kPieceCount[t]; ++k) fixed.push_back(PieceType(t));
  for (PieceType t : {kDivision, kBrigade, kCompany, kEngineer, kEngineer})
    fixed.erase(std::find(fixed.begin(), fixed.end(), t));
  ASSERT_EQ(fixed.size(), 20u);
  std::array<TypeWeights, Sampler::kPieces> w{};
  for (int id = 0; id < 20; ++id) w[id][fixed[id]] = 1.0;
  const std::vector<PieceType> free_types = {kDivision, kBrigade, kCompany, kEngineer};
  // Piece 20 may not be an Engineer; piece 21 only D or E; the rest anything of the four,
  // with weights that differ per piece so the prior matters.
  for (int id = 20; id < 25; ++id)
    for (size_t k = 0; k < free_types.size(); ++k) w[id][free_types[k]] = 1.0 + double((id * 7 + int(k) * 3) % 5);
  w[20][kEngineer] = 0;
  w[21][kBrigade] = w[21][kCompany] = 0;

  std::map<std::vector<int>, double> exact;
  double total = 0;
  for (int code = 0; code < 4 * 4 * 4 * 4 * 4; ++code) {
    std::vector<int> a;
    std::map<int, int> count;
    double weight = 1;
    for (int i = 0, c = code; i < 5; ++i, c /= 4) {
      a.push_back(free_types[c % 4]);
      ++count[free_types[c % 4]];
      weight *= w[20 + i][free_types[c % 4]];
    }
    if (count[kDivision] != 1 || count[kBrigade] != 1 || count[kCompany] != 1 || count[kEngineer] != 2) continue;
    if (weight == 0) continue;
    exact[a] += weight;
    total += weight;
  }
  ASSERT_GT(exact.size(), 3u);

  const Sampler sampler(w);
  EXPECT_NEAR(sampler.total_weight(), total, 1e-9 * total);
  Rng rng(5);
  const int n = 200000;
  std::map<std::vector<int>, int> seen;
  std::array<PieceType, Sampler::kPieces> types;
  for (int i = 0; i < n; ++i) {
    sampler.sample(rng, types);
    for (int id = 0; id < 20; ++id) ASSERT_EQ(types[id], fixed[id]);
    ++seen[std::vector<int>(types.begin() + 20, types.end())];
  }
  for (const auto& [a, weight] : exact) {
    const double p = weight / total, expected = p * n, sigma = std::sqrt(n * p * (1 - p));
    EXPECT_NEAR(seen[a], expected, 5 * sigma + 1);
  }
  for (const auto& [a, count] : seen) EXPECT_TRUE(exact.count(a)) << "sampled an impossible assignment";
}

// Through random games under `rules`: the true type of every enemy piece stays possible,
// and every sample fits the piece counts, the belief and the view's occupancy, and replays
// as the view saw the game (the referee's rules judge it, not the belief's reasoning).
// Samples stay consistent under a learned prior too, even one that bets everything on a
// single deployment (learned from one, barely smoothed) while Blue deploys at random.
void check_through_random_games(const Rules& rules, uint64_t seeds, int min_checked) {
  search::DeploymentCounts one;
  one.add(parse_legal_deployment(kSampleDeployment));
  const std::vector<search::DeploymentPrior> priors = {search::DeploymentPrior::uniform(),
                                                       search::learn_prior(one, 1e-3)};
  int checked = 0, narrowed = 0;
  testing_support::for_each_random_game_view(
      seeds, 25,
      [&](const Position& pos, const View& view, const Deployment& blue, Rng& rng) {
        // Blue's pieces by identity (deployment-slot order, camps skipped), as Belief numbers them.
        std::vector<Piece> initial_blue;
        for (int slot = 0; slot < kDeploymentSlots; ++slot)
          if (!is_camp_slot(slot)) initial_blue.push_back(make_piece(kBlue, blue[slot]));
        const Belief belief(view);
        // What Blue can know of Red's pieces, read with Blue's true types, admits Red's truth.
        std::array<PieceType, Belief::kPieces> blue_types;
        for (int id = 0; id < Belief::kPieces; ++id) blue_types[id] = type_of(initial_blue[id]);
        std::array<search::TypeMask, Belief::kPieces> public_red;
        belief.enemy_view_of_us(blue_types, public_red);
        for (int id = 0; id < Belief::kPieces; ++id) {
          const Square s = belief.own_pieces()[id].square;
          if (s == kNoSquare) continue;
          ASSERT_TRUE(public_red[id] & search::type_bit(type_of(pos.piece_on(s))));
        }
        for (int s = 0; s < 60; ++s) {
          const Piece p = pos.piece_on(Square(s));
          if (p == kNoPiece || color_of(p) != kBlue) continue;
          const int id = belief.piece_at(Square(s));
          ASSERT_GE(id, 0);
          ASSERT_TRUE(belief.pieces()[id].possible & search::type_bit(type_of(p)));
          narrowed += std::popcount(unsigned(belief.pieces()[id].possible)) < 10;
        }
        for (const search::DeploymentPrior& prior : priors) {
          const Sampler sampler(belief, prior);
          ASSERT_TRUE(sampler.consistent());
          std::array<PieceType, Sampler::kPieces> types;
          for (int k = 0; k < 10; ++k) {
            sampler.sample(rng, types);
            int count[kPieceTypes] = {};
            for (int id = 0; id < Sampler::kPieces; ++id) {
              ++count[types[id]];
              ASSERT_TRUE(belief.pieces()[id].possible & search::type_bit(types[id]));
            }
            for (int t = 0; t < kPieceTypes; ++t) ASSERT_EQ(count[t], kPieceCount[t]);
            const Position world = search::determinize(view, belief, types);
            ASSERT_EQ(world.occupied(), pos.occupied());
            ASSERT_EQ(world.pieces(kRed), pos.pieces(kRed));
            if (k == 0 && &prior == &priors.front()) {  // replaying is slow: once a view
              ASSERT_TRUE(testing_support::replays_as_seen(view, types));
            }
            ++checked;
          }
        }
      },
      rules);
  EXPECT_GT(checked, min_checked);
  EXPECT_GT(narrowed, min_checked / 5);  // fights and moves do narrow the types
}

TEST(Belief, StaysSoundAndSamplesStayConsistentThroughRandomGames) { check_through_random_games({}, 8, 500); }

// Each house rule alone (RULES.md §9): what moves and fights prove changes with them.
TEST(Belief, StaysSoundAndSamplesStayConsistentUnderEachHouseRule) {
  for (const auto& [key, value] :
       std::vector<std::pair<const char*, const char*>>{{"bomb_flies", "true"},
                                                        {"all_turn", "true"},
                                                        {"marshal_takes_flag", "false"},
                                                        {"mine", "all-die"},
                                                        {"immobile", "at-once"}}) {
    SCOPED_TRACE(std::string(key) + " = " + value);
    Rules rules;
    rules.set(key, value);
    check_through_random_games(rules, 2, 100);
  }
}

}  // namespace
