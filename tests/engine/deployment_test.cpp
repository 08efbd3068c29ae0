// Deployments (RULES.md §3, NOTATION.md "Deployment string"): where the sample lands for
// each side, one rejection per broken rule, and the random deployment's distribution.

#include "engine/deployment.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <string_view>

#include "engine/error.h"
#include "engine/notation.h"
#include "tests/support/error_text.h"

namespace junqi::engine {
namespace {

using testing_support::contains;

std::string error_of(std::string_view text, Color side = kRed) {
  try {
    parse_legal_deployment(text, side);
  } catch (const Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no Error for " << text;
  return "";
}

Square sq(std::string_view name) { return parse_square(name).value(); }

TEST(Deployment, SampleForRed) {
  const Deployment d = parse_legal_deployment(kSampleDeployment, kRed);
  EXPECT_EQ(deployment_string(d), kSampleDeployment);
  const Position pos = start_position(d, d);
  // NOTATION.md: flag b1; mines a1 c1 b2; bombs c2 e4.
  EXPECT_EQ(pos.pieces(kRed, kFlag), square_bb(sq("b1")));
  EXPECT_EQ(pos.pieces(kRed, kMine), square_bb(sq("a1")) | square_bb(sq("c1")) | square_bb(sq("b2")));
  EXPECT_EQ(pos.pieces(kRed, kBomb), square_bb(sq("c2")) | square_bb(sq("e4")));
  // Group 4 "DP+MB" is rank 4: marshal on d4; group 6 "ERPDC" the front rank.
  EXPECT_EQ(pos.pieces(kRed, kMarshal), square_bb(sq("d4")));
  EXPECT_EQ(piece_char(pos.piece_on(sq("a6"))), 'E');
  EXPECT_EQ(piece_char(pos.piece_on(sq("e6"))), 'C');
  EXPECT_EQ(popcount(pos.pieces(kRed)), 25);
  EXPECT_EQ(pos.pieces(kRed) & TwoPlayerBoard::kT.camps, 0u);
}

TEST(Deployment, SampleForBlue) {
  const Deployment d = parse_legal_deployment(kSampleDeployment, kBlue);
  const Position pos = start_position(d, d);
  // NOTATION.md: flag d12; mines e12 c12 d11. Turning the board half a turn maps own
  // (file f, rank r) to (file e - f, rank 13 - r): bombs from own c2 -> c11, own e4 -> a9,
  // marshal own d4 -> b9, own a6 (E) -> e7.
  EXPECT_EQ(pos.pieces(kBlue, kFlag), square_bb(sq("d12")));
  EXPECT_EQ(pos.pieces(kBlue, kMine), square_bb(sq("e12")) | square_bb(sq("c12")) | square_bb(sq("d11")));
  EXPECT_EQ(pos.pieces(kBlue, kBomb), square_bb(sq("c11")) | square_bb(sq("a9")));
  EXPECT_EQ(pos.pieces(kBlue, kMarshal), square_bb(sq("b9")));
  EXPECT_EQ(piece_char(pos.piece_on(sq("e7"))), 'e');
  EXPECT_EQ(popcount(pos.pieces(kBlue)), 25);
  EXPECT_EQ(pos.pieces(kBlue) & TwoPlayerBoard::kT.camps, 0u);
  EXPECT_EQ(pos.side_to_move(), kRed);
  EXPECT_EQ(pos.ply(), 0);
  EXPECT_EQ(pos.quiet_plies(), 0);
}

TEST(Deployment, FlagOutsideHeadquarters) {
  // Flag and mine of the sample swapped: flag on own a1 (Red a1, Blue e12).
  const std::string_view text = "FLLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC";
  for (auto [side, square] : {std::pair{kRed, "a1"}, {kBlue, "e12"}}) {
    const std::string msg = error_of(text, side);
    EXPECT_PRED2(contains, msg, "Flag must stand in a headquarters");
    EXPECT_PRED2(contains, msg, std::string("not on ") + square);
  }
  // The other headquarters is fine: flag on own d1.
  EXPECT_NO_THROW(parse_legal_deployment("LPLFE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC"));
}

TEST(Deployment, MineOutsideBackRanks) {
  // A mine moved to own a3 (Blue: e10), the regiment commander to the back rank.
  const std::string_view text = "LFTPE/CLBYE/L+R+C/DP+MB/Y+G+T/ERPDC";
  for (auto [side, square] : {std::pair{kRed, "a3"}, {kBlue, "e10"}}) {
    const std::string msg = error_of(text, side);
    EXPECT_PRED2(contains, msg, "Landmines stand only in the two back ranks");
    EXPECT_PRED2(contains, msg, square);
  }
}

TEST(Deployment, BombInFrontRank) {
  // A bomb moved to own a6 (Blue: e7), the engineer to c2.
  const std::string_view text = "LFLPE/CLEYE/T+R+C/DP+MB/Y+G+T/BRPDC";
  for (auto [side, square] : {std::pair{kRed, "a6"}, {kBlue, "e7"}}) {
    const std::string msg = error_of(text, side);
    EXPECT_PRED2(contains, msg, "Bombs may not stand in the front rank");
    EXPECT_PRED2(contains, msg, square);
  }
  // One rank further back is allowed: bomb on own a5.
  EXPECT_NO_THROW(parse_legal_deployment("LFLPE/CLYYE/T+R+C/DP+MB/B+G+T/ERPDC"));
}

TEST(Deployment, PieceInCamp) {
  // A brigade commander on camp b3 (own), a '+' left on own b6.
  const std::string msg = error_of("LFLPE/CLBYE/TRR+C/DP+MB/Y+G+T/E+PDC");
  EXPECT_PRED2(contains, msg, "no piece may stand in a camp");
  EXPECT_PRED2(contains, msg, "b3");
  EXPECT_PRED2(contains, error_of("LFLPE/CLBYE/TRR+C/DP+MB/Y+G+T/E+PDC", kBlue), "d10");
  // A camp mark where there is no camp: the position would stay empty.
  EXPECT_PRED2(contains, error_of("LFLPE/CLBYE/T+R+C/DP+MB/Y+G+T/+RPDC"), "which is no camp");
}

TEST(Deployment, WrongCounts) {
  // Company commander on e6 replaced by a second Field Marshal.
  std::string msg = error_of("LFLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDM");
  EXPECT_PRED2(contains, msg, "Field Marshal");
  EXPECT_PRED2(contains, msg, "has 2");
  // Company commander replaced by a platoon commander: 2 C (and 4 P).
  msg = error_of("LFLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDP");
  EXPECT_PRED2(contains, msg, "Company commander");
  EXPECT_PRED2(contains, msg, "has 2");
  // A fourth landmine in the back rank instead of the engineer on e1.
  msg = error_of("LFLPL/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC");
  EXPECT_PRED2(contains, msg, "has 2");  // Engineers: 2 of 3 (the first count checked that fails)
  EXPECT_PRED2(contains, msg, "Engineer");
}

TEST(Deployment, SyntaxErrors) {
  EXPECT_PRED2(contains, error_of("LFLPE/CLBYE/T+R+C/DP+MB/Y+G+T"), "expected 6 groups");
  EXPECT_PRED2(contains, error_of("LFLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC/"), "more than 6 groups");
  EXPECT_PRED2(contains, error_of("LFLP/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC"), "group 1 has 4 symbols");
  EXPECT_PRED2(contains, error_of("LFLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPD"), "group 6 has 4 symbols");
  EXPECT_PRED2(contains, error_of("LFLPEE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC"), "group 1 has more than 5 symbols");
  EXPECT_PRED2(contains, error_of("LFLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPXC"), "unknown piece letter 'X'");
  EXPECT_PRED2(contains, error_of("lFLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC"), "'l'");
  EXPECT_PRED2(contains, error_of(""), "expected 6 groups");
}

// --- random_deployment ---------------------------------------------------------------
//
// Uniform over legal deployments. Counting them stage by stage: the flag takes one of
// the 2 headquarters; the mines 3 of the 9 other back-rank slots, C(9,3); the bombs 2 of
// the 16 slots left outside the front rank (25 non-camp slots - 5 front - flag - 3 mines),
// C(16,2); the other 19 pieces fill the 19 slots left. Every stage has the same number
// of choices whatever was chosen before, so each slot's probabilities follow directly:
//   flag:  each HQ 1/2.
//   mine:  a non-HQ back-rank slot 3/9 = 1/3 (always free when the mines are placed);
//          an HQ slot only when the flag is on the other HQ: 1/2 * 1/3 = 1/6.
//   bomb:  a middle slot (own ranks 3-5) 2/16 = 1/8; a non-HQ back slot is free with
//          probability 2/3, so 2/3 * 1/8 = 1/12; an HQ slot free with 1 - 1/2 - 1/6 = 1/3,
//          so 1/24; the front rank never.
//   any other type with k pieces: (probability the slot is still free) * k/19, the free
//          probability being 1 (front), 7/8 (middle), 2/3 * 7/8 = 7/12 (back), 1/3 * 7/8 =
//          7/24 (HQ).
// Check: each slot sums to 1 (HQ: 12/24 + 4/24 + 1/24 + 7/24), and the mines' expected
// number is 2/6 + 8/3 = 3, the bombs' 2/24 + 8/12 + 10/8 = 2.
double expected_probability(int slot, PieceType t) {
  const Square red_sq = deployment_square(kRed, slot);
  if (is_camp_slot(slot)) return t == kNoType ? 1.0 : 0.0;
  if (t == kNoType) return 0.0;
  const int own_rank = slot / 5 + 1;
  const bool hq = TwoPlayerBoard::kT.headquarters & square_bb(red_sq);
  const bool back = own_rank <= 2 && !hq, front = own_rank == 6, middle = !hq && !back && !front;
  switch (t) {
    case kFlag:
      return hq ? 1.0 / 2 : 0.0;
    case kMine:
      return hq ? 1.0 / 6 : back ? 1.0 / 3 : 0.0;
    case kBomb:
      return hq ? 1.0 / 24 : back ? 1.0 / 12 : middle ? 1.0 / 8 : 0.0;
    default: {
      const double free = hq ? 7.0 / 24 : back ? 7.0 / 12 : middle ? 7.0 / 8 : 1.0;
      return free * kPieceCount[t] / 19.0;
    }
  }
}

TEST(Deployment, RandomIsLegalReproducibleAndUniform) {
  constexpr int kSamples = 20000;
  // count[slot][type], type kNoType (the last index) for camps.
  int count[kDeploymentSlots][kNoType + 1] = {};
  std::set<std::string> distinct;
  for (uint64_t seed = 0; seed < kSamples; ++seed) {
    Rng rng(seed);
    const Deployment d = random_deployment(rng);
    EXPECT_EQ(deployment_error(d, kRed), std::nullopt) << seed;
    EXPECT_EQ(deployment_error(d, kBlue), std::nullopt) << seed;
    const std::string text = deployment_string(d);
    EXPECT_EQ(parse_legal_deployment(text), d) << seed;
    Rng again(seed);
    EXPECT_EQ(random_deployment(again), d) << "seed " << seed << " does not reproduce";
    distinct.insert(text);
    for (int slot = 0; slot < kDeploymentSlots; ++slot) ++count[slot][d[slot]];
  }
  // About 7e17 legal deployments: a repeat among 20000 draws has probability ~1e-10.
  EXPECT_EQ(distinct.size(), size_t(kSamples));
  for (int slot = 0; slot < kDeploymentSlots; ++slot)
    for (int t = 0; t <= kNoType; ++t) {
      if (t == kUnknownType) continue;
      const double p = expected_probability(slot, PieceType(t));
      const double freq = double(count[slot][t]) / kSamples;
      // 5 standard deviations of a binomial frequency: a false alarm per check ~6e-7.
      const double tolerance = 5 * std::sqrt(p * (1 - p) / kSamples);
      EXPECT_NEAR(freq, p, tolerance) << "slot " << slot << " (" << square_name(deployment_square(kRed, slot))
                                      << ") type " << type_char(PieceType(t));
    }
}

}  // namespace
}  // namespace junqi::engine
