// Match statistics against values derived by hand or from fishtest's formulas.
//
// Where the numbers come from: "by hand" means the arithmetic is in the comment. "ref.py" means
// a one-off python3 script (not part of the build) that re-types fishtest's
// server/fishtest/stats/LLRcalc.py and stat_util.py in plain Python — regularize (empty bins get
// 1e-3), mean/variance of the per-game score pdf, elo(x) = -400·log10(1/x − 1) with x clamped to
// [0.001, 0.999], Phi via erfc, MLE_expected / MLE_t_value with the secular equation solved by
// bisection instead of scipy's brentq — and prints the values to 15 digits.
#include "runner/tournament/stats.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include "engine/error.h"
#include "tests/support/junqi_command.h"

namespace {

using namespace junqi::runner::stats;

bool finite(const Interval& i) {
  return std::isfinite(i.value) && std::isfinite(i.lower) && std::isfinite(i.upper);
}

// ---- Elo, LOS ----

TEST(StatsElo, TrinomialByHand) {
  // 60 W / 20 D / 20 L: s = (60 + 10)/100 = 0.7; Elo = -400·log10(1/0.7 − 1) = 400·log10(7/3)
  // = 147.1907. Per-game variance 0.6·0.3² + 0.2·0.2² + 0.2·0.7² = 0.16, sd/sqrt(N) = 0.4/10 =
  // 0.04, so s ± 1.959964·0.04 = 0.6216014 … 0.7783986 → Elo 86.22501 … 218.25178 (ref.py).
  const Interval e = elo(Trinomial{60, 20, 20});
  EXPECT_NEAR(e.value, 400 * std::log10(7.0 / 3.0), 1e-9);
  EXPECT_NEAR(e.value, 147.19071411783776, 1e-9);
  EXPECT_NEAR(e.lower, 86.2250147435834, 1e-6);
  EXPECT_NEAR(e.upper, 218.25177826385925, 1e-6);
  // LOS = Phi((0.7 − 0.5)/0.04) = Phi(5) = 1 − 2.8665e-7 (normal table).
  EXPECT_NEAR(likelihood_of_superiority(Trinomial{60, 20, 20}), 0.9999997133484281, 1e-12);
}

TEST(StatsElo, MirroredCountsNegateEloAndComplementLos) {
  // Swapping wins and losses maps s to 1 − s, and elo(1 − s) = −elo(s).
  const Interval a = elo(Trinomial{60, 20, 20}), b = elo(Trinomial{20, 20, 60});
  EXPECT_NEAR(b.value, -a.value, 1e-9);
  EXPECT_NEAR(b.lower, -a.upper, 1e-9);
  EXPECT_NEAR(b.upper, -a.lower, 1e-9);
  EXPECT_NEAR(likelihood_of_superiority(Trinomial{20, 20, 60}),
              1 - likelihood_of_superiority(Trinomial{60, 20, 20}), 1e-12);
  const Pentanomial p{5, 20, 40, 25, 10}, q{10, 25, 40, 20, 5};
  EXPECT_NEAR(elo(q).value, -elo(p).value, 1e-9);
  EXPECT_NEAR(normalized_elo(q).value, -normalized_elo(p).value, 1e-9);
  EXPECT_NEAR(likelihood_of_superiority(q), 1 - likelihood_of_superiority(p), 1e-12);
}

TEST(StatsElo, PentanomialByHand) {
  // Pairs {5, 20, 40, 25, 10} (100 pairs) at half-scores 0, 1/4, 1/2, 3/4, 1:
  // s = (20·0.25 + 40·0.5 + 25·0.75 + 10)/100 = 53.75/100 = 0.5375;
  // var = Σ p_i (a_i − s)² = 0.06421875 (ref.py; by hand: E[a²] = (20/16 + 10 + 25·9/16 + 10)/100
  // = 0.353125, minus 0.5375² = 0.28890625). Elo = -400·log10(1/0.5375 − 1) = 26.10669.
  const Pentanomial p{5, 20, 40, 25, 10};
  const Interval e = elo(p);
  EXPECT_NEAR(e.value, -400 * std::log10(1 / 0.5375 - 1), 1e-9);
  EXPECT_NEAR(e.value, 26.10669260503662, 1e-9);
  EXPECT_NEAR(e.lower, -8.457048713200138, 1e-6);  // s − 1.959964·sqrt(0.06421875/100), ref.py
  EXPECT_NEAR(e.upper, 61.19580244787676, 1e-6);
  // LOS = Phi(0.0375 / sqrt(0.06421875/100)) = Phi(1.47980) = 0.930535 (ref.py).
  EXPECT_NEAR(likelihood_of_superiority(p), 0.9305354671563948, 1e-9);
}

TEST(StatsElo, NormalizedEloIsFishtests) {
  // fishtest: nElo = (s − 0.5)/sqrt(2·var) · 800/ln 10 = 0.0375/sqrt(0.1284375) · 347.43559
  // = 36.35462; the interval is s ± 1.959964·sqrt(var/N) through the same linear map (ref.py).
  const Interval n = normalized_elo(Pentanomial{5, 20, 40, 25, 10});
  EXPECT_NEAR(n.value, 0.0375 / std::sqrt(2 * 0.06421875) * 800 / std::log(10.0), 1e-9);
  EXPECT_NEAR(n.value, 36.35462290819022, 1e-9);
  EXPECT_NEAR(n.lower, -11.796608140714856, 1e-6);
  EXPECT_NEAR(n.upper, 84.50585395709524, 1e-6);
}

TEST(StatsElo, PairsOfIndependentGamesMatchTheTrinomial) {
  // If pairs are two independent games of W/D/L = 1/2, 0, 1/2, the pentanomial is 1:2:1 over
  // LL, WL, WW; the variance of a pair's half score (0.125) is half the per-game variance
  // (0.25) and there are half as many pairs (200) as games (400), so sqrt(var/N) = 0.025 both
  // ways and the intervals agree: ±34.1576 (ref.py). Only the 1e-3 pseudo-counts in the empty
  // bins differ, by about 1e-4 Elo.
  const Interval t = elo(Trinomial{200, 0, 200});
  const Interval p = elo(Pentanomial{50, 0, 100, 0, 50});
  EXPECT_NEAR(p.value, t.value, 1e-9);
  EXPECT_NEAR(t.upper, 34.15760363515105, 1e-6);
  EXPECT_NEAR(p.upper, t.upper, 1e-3);
  EXPECT_NEAR(p.lower, t.lower, 1e-3);
}

TEST(StatsElo, DegenerateCountsStayFinite) {
  // fishtest regularizes: empty bins get 1e-3 pseudo-counts, and elo() clamps the score to
  // [0.001, 0.999], i.e. at most 400·log10(999) = 1199.83 Elo.
  const Interval all_won = elo(Pentanomial{0, 0, 0, 0, 100});
  EXPECT_TRUE(finite(all_won));
  EXPECT_NEAR(all_won.value, 400 * std::log10(999.0), 1e-9);
  EXPECT_NEAR(likelihood_of_superiority(Pentanomial{0, 0, 0, 0, 100}), 1.0, 1e-12);
  EXPECT_TRUE(finite(normalized_elo(Pentanomial{0, 0, 0, 0, 100})));
  EXPECT_NEAR(elo(Trinomial{10, 0, 0}).value, 400 * std::log10(999.0), 1e-9);
  EXPECT_NEAR(elo(Trinomial{0, 7, 0}).value, 0.0, 1e-9);

  // No games: the pseudo-counts alone, symmetric, so Elo 0, LOS 1/2, the widest interval.
  const Interval none = elo(Pentanomial{});
  EXPECT_TRUE(finite(none));
  EXPECT_NEAR(none.value, 0.0, 1e-9);
  EXPECT_NEAR(none.upper, 400 * std::log10(999.0), 1e-9);
  EXPECT_NEAR(likelihood_of_superiority(Pentanomial{}), 0.5, 1e-12);
  EXPECT_NEAR(likelihood_of_superiority(Trinomial{}), 0.5, 1e-12);
  EXPECT_TRUE(finite(normalized_elo(Pentanomial{})));
  EXPECT_TRUE(finite(elo(Trinomial{})));
}

TEST(StatsElo, EloFromScore) {
  EXPECT_NEAR(elo_from_score(0.5), 0.0, 1e-12);
  EXPECT_NEAR(elo_from_score(0.75), 400 * std::log10(3.0), 1e-9);  // 190.8485
  EXPECT_NEAR(elo_from_score(1.0), 400 * std::log10(999.0), 1e-9);
  EXPECT_NEAR(elo_from_score(-1.0), -400 * std::log10(999.0), 1e-9);
}

// ---- SPRT ----

TEST(StatsSprt, BoundsFromAlphaAndBeta) {
  // lower = ln(β/(1−α)), upper = ln((1−β)/α): α = β = 0.05 → ∓ln 19 = ∓2.944439;
  // α = 0.05, β = 0.1 → ln(0.1/0.95) = −2.251292, ln(0.9/0.05) = ln 18 = 2.890372.
  SprtResult r = sprt(Pentanomial{5, 20, 40, 25, 10}, SprtConfig{});
  EXPECT_NEAR(r.lower, -std::log(19.0), 1e-12);
  EXPECT_NEAR(r.upper, std::log(19.0), 1e-12);
  r = sprt(Pentanomial{5, 20, 40, 25, 10}, SprtConfig{0, 10, 0.05, 0.1});
  EXPECT_NEAR(r.lower, -2.251291798606495, 1e-12);
  EXPECT_NEAR(r.upper, 2.8903717578961645, 1e-12);
}

TEST(StatsSprt, LlrMatchesFishtest) {
  // ref.py: LLR_logistic(0, 10, [5,20,40,25,10]) = 0.671579917305347,
  //         LLR_normalized(0, 10, ...) = 0.5155151231984467.
  SprtConfig logistic{0, 10, 0.05, 0.05, SprtConfig::Model::kLogistic};
  SprtConfig normalized{0, 10, 0.05, 0.05, SprtConfig::Model::kNormalized};
  EXPECT_NEAR(sprt(Pentanomial{5, 20, 40, 25, 10}, logistic).llr, 0.671579917305347, 1e-7);
  EXPECT_NEAR(sprt(Pentanomial{5, 20, 40, 25, 10}, normalized).llr, 0.5155151231984467, 1e-7);
  // The pentanomial of fishtest's own stat_util.py self-test, elo0=-3 elo1=1 logistic: ref.py
  // gives 2.131067811785043; the Brownian approximation (s1−s0)(2s−s0−s1)/(2·var/N)
  // (LLRcalc.LLR_alt2) gives 2.131244870704829, so the exact GSPRT and the approximation agree
  // to 1e-4 relative on 93868 pairs, as they should.
  const Pentanomial big{10789, 19328, 33806, 19402, 10543};
  const double llr = sprt(big, SprtConfig{-3, 1, 0.05, 0.05, SprtConfig::Model::kLogistic}).llr;
  EXPECT_NEAR(llr, 2.131067811785043, 1e-6);
  EXPECT_NEAR(llr, 2.131244870704829, 1e-3);
  EXPECT_NEAR(sprt(big, SprtConfig{-3, 1, 0.05, 0.05, SprtConfig::Model::kNormalized}).llr,
              0.3008697854938401, 1e-6);
}

TEST(StatsSprt, ZeroAtTheMidpointHypothesis) {
  // A symmetric pentanomial has s = 1/2, the midpoint of L(−10) and L(10) = 1 − L(−10); the
  // mirror a → 1 − a swaps the two constrained MLEs, so the LLR is exactly 0 (both models).
  for (auto model : {SprtConfig::Model::kLogistic, SprtConfig::Model::kNormalized}) {
    EXPECT_NEAR(sprt(Pentanomial{10, 30, 50, 30, 10}, SprtConfig{-10, 10, 0.05, 0.05, model}).llr, 0.0, 1e-9);
    EXPECT_EQ(sprt(Pentanomial{10, 30, 50, 30, 10}, SprtConfig{-10, 10, 0.05, 0.05, model}).decision,
              SprtResult::Decision::kContinue);
  }
}

TEST(StatsSprt, DecidesOnClearlyStrongAndWeakCounts) {
  // 400 pairs scoring 0.6875 (≈ +136 Elo) against elo0=0 elo1=10; ref.py: LLR logistic 9.6548,
  // normalized 8.7841 (> 2.944: H1). The mirror (≈ −136 Elo): −10.1268 / −9.3913 (H0).
  const Pentanomial strong{10, 40, 100, 150, 100}, weak{100, 150, 100, 40, 10};
  for (auto model : {SprtConfig::Model::kLogistic, SprtConfig::Model::kNormalized}) {
    const SprtConfig c{0, 10, 0.05, 0.05, model};
    EXPECT_EQ(sprt(strong, c).decision, SprtResult::Decision::kAcceptH1);
    EXPECT_EQ(sprt(weak, c).decision, SprtResult::Decision::kAcceptH0);
  }
  const SprtConfig logistic{0, 10, 0.05, 0.05, SprtConfig::Model::kLogistic};
  const SprtConfig normalized{0, 10, 0.05, 0.05, SprtConfig::Model::kNormalized};
  EXPECT_NEAR(sprt(strong, logistic).llr, 9.654817279047997, 1e-6);
  EXPECT_NEAR(sprt(strong, normalized).llr, 8.784136578247526, 1e-6);
  EXPECT_NEAR(sprt(weak, logistic).llr, -10.126808816106463, 1e-6);
  EXPECT_NEAR(sprt(weak, normalized).llr, -9.391302402557773, 1e-6);
}

TEST(StatsSprt, DegenerateCountsGiveNoNan) {
  for (auto model : {SprtConfig::Model::kLogistic, SprtConfig::Model::kNormalized}) {
    const SprtConfig c{0, 10, 0.05, 0.05, model};
    // No pairs: no evidence, LLR 0 by definition (the pseudo-counts alone would give −4e-6).
    EXPECT_EQ(sprt(Pentanomial{}, c).llr, 0.0);
    for (const Pentanomial& p : {Pentanomial{0, 0, 0, 0, 100}, Pentanomial{100, 0, 0, 0, 0},
                                 Pentanomial{0, 0, 7, 0, 0}, Pentanomial{0, 0, 0, 0, 1}}) {
      EXPECT_TRUE(std::isfinite(sprt(p, c).llr));
    }
  }
  // 100 pairs all won: ref.py LLR_logistic = 2.8369 (both hypotheses explain a perfect score
  // badly, so the GLR grows only ≈ ln(L(10)/L(0)) per pair), LLR_normalized = 3.9866.
  EXPECT_NEAR(
      sprt(Pentanomial{0, 0, 0, 0, 100}, SprtConfig{0, 10, 0.05, 0.05, SprtConfig::Model::kLogistic}).llr,
      2.836871910455893, 1e-6);
  EXPECT_LT(sprt(Pentanomial{100, 0, 0, 0, 0}, SprtConfig{}).llr, 0);
  // Hypotheses no reweighting of the outcomes reaches fall back to the approximation: finite.
  EXPECT_TRUE(std::isfinite(sprt(Pentanomial{5, 20, 40, 25, 10}, SprtConfig{0, 5000}).llr));
}

TEST(StatsSprt, ParsesAndNamesBadKeys) {
  const SprtConfig c = parse_sprt("elo1=5  alpha=0.1 elo0=-2.5 beta=0.2 model=logistic");
  EXPECT_EQ(c.elo0, -2.5);
  EXPECT_EQ(c.elo1, 5);
  EXPECT_EQ(c.alpha, 0.1);
  EXPECT_EQ(c.beta, 0.2);
  EXPECT_EQ(c.model, SprtConfig::Model::kLogistic);
  EXPECT_EQ(parse_sprt("").model, SprtConfig::Model::kNormalized);
  EXPECT_EQ(parse_sprt("").elo1, 10);
  auto message = [](const std::string& text) -> std::string {
    try {
      parse_sprt(text);
    } catch (const junqi::engine::Error& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_NE(message("elo0=x").find("elo0"), std::string::npos);
  EXPECT_NE(message("alpha=1.5").find("alpha"), std::string::npos);
  EXPECT_NE(message("beta=0").find("beta"), std::string::npos);
  EXPECT_NE(message("model=bayes").find("model"), std::string::npos);
  EXPECT_NE(message("gamma=3").find("gamma"), std::string::npos);
  EXPECT_NE(message("elo0=10 elo1=0").find("elo1"), std::string::npos);
  EXPECT_NE(message("elo0").find("elo0"), std::string::npos);
  EXPECT_NE(message("elo1=5x").find("elo1"), std::string::npos);
}

// ---- rating fit ----

constexpr double kTinyPrior = 1e-9;  // approaches the plain MLE, whose values are known exactly

void add_games(std::vector<Game>& games, int a, int b, int wins, int draws, int losses) {
  for (int i = 0; i < wins; ++i) games.push_back({a, b, 1.0});
  for (int i = 0; i < draws; ++i) games.push_back({b, a, 0.5});  // either seat order
  for (int i = 0; i < losses; ++i) games.push_back({b, a, 1.0});
}

TEST(StatsRatings, TwoPlayersDifferIsTheEloOfTheScore) {
  // The likelihood equation for two players is Σ(x − p) = 0, so p = the mean score 0.7 and
  // r0 − r1 = elo(0.7) = 147.1907, ±73.595 around mean 0. Fisher information for the difference
  // in natural units is n·p(1−p) = 21, so sd(r0 − r1) = 400/ln10 / sqrt 21 = 37.9085 Elo; each
  // rating is ±(r0 − r1)/2, sd 18.9543, 95% half-width 1.959964 · 18.9543 = 37.1495 (by hand).
  std::vector<Game> games;
  add_games(games, 0, 1, 60, 20, 20);
  const auto r = fit_ratings(2, games, kTinyPrior);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_NEAR(r[0].value - r[1].value, 147.19071411783776, 1e-4);
  EXPECT_NEAR(r[0].value, 73.59535705891888, 1e-4);
  EXPECT_NEAR(r[0].value + r[1].value, 0.0, 1e-9);
  EXPECT_NEAR(r[0].upper - r[0].value, 37.14948127822371, 1e-3);
  EXPECT_NEAR(r[0].value - r[0].lower, 37.14948127822371, 1e-3);
}

TEST(StatsRatings, ChainOfThreeIsTwoIndependentPairs) {
  // A(0)–B(1) 75/0/25 and B–C(2) 60/20/20, A and C never meet: each pair's equation holds on
  // its own, so rA − rB = elo(0.75) = 400·log10 3 = 190.8485, rB − rC = elo(0.7) = 147.1907;
  // mean 0 gives 3·rB + 190.8485 − 147.1907 = 0 → rB = −14.5526, rA = 176.2959, rC = −161.7433.
  std::vector<Game> games;
  add_games(games, 0, 1, 75, 0, 25);
  add_games(games, 1, 2, 60, 20, 20);
  const auto r = fit_ratings(3, games, kTinyPrior);
  const double ab = 400 * std::log10(3.0), bc = 400 * std::log10(7.0 / 3.0);
  const double b = (bc - ab) / 3;
  EXPECT_NEAR(r[1].value, b, 1e-4);
  EXPECT_NEAR(r[0].value, b + ab, 1e-4);
  EXPECT_NEAR(r[2].value, b - bc, 1e-4);
  for (const Interval& i : r) EXPECT_TRUE(finite(i) && i.lower < i.value && i.value < i.upper);
}

TEST(StatsRatings, SymmetricCycleIsAllZero) {
  // A beats B, B beats C, C beats A, each 70%: all ratings 0 satisfy every player's equation
  // (0.7 − 0.5) + (0.3 − 0.5) = 0, and the maximum is unique.
  std::vector<Game> games;
  add_games(games, 0, 1, 7, 0, 3);
  add_games(games, 1, 2, 7, 0, 3);
  add_games(games, 2, 0, 7, 0, 3);
  for (const Interval& i : fit_ratings(3, games)) EXPECT_NEAR(i.value, 0.0, 1e-9);
}

TEST(StatsRatings, PerfectScoresAndStrangersStayFinite) {
  // Player 0 wins every game, 3 loses every game, 4 never plays: the default prior (one virtual
  // draw against a 0-rated phantom) keeps everything finite, and the order is the obvious one.
  std::vector<Game> games;
  add_games(games, 0, 1, 10, 0, 0);
  add_games(games, 0, 2, 10, 0, 0);
  add_games(games, 1, 2, 6, 2, 2);
  add_games(games, 1, 3, 10, 0, 0);
  add_games(games, 2, 3, 10, 0, 0);
  const auto r = fit_ratings(5, games);
  double sum = 0;
  for (const Interval& i : r) {
    EXPECT_TRUE(finite(i));
    EXPECT_LT(i.lower, i.value);
    sum += i.value;
  }
  EXPECT_NEAR(sum, 0.0, 1e-9);
  EXPECT_GT(r[0].value, r[1].value);
  EXPECT_GT(r[1].value, r[2].value);
  EXPECT_GT(r[2].value, r[3].value);
  // The stranger is known only through the prior, so its interval is the widest.
  EXPECT_GT(r[4].upper - r[4].lower, r[1].upper - r[1].lower);
  // Even a vanishing prior gives finite (huge) ratings rather than NaN.
  for (const Interval& i : fit_ratings(5, games, kTinyPrior)) EXPECT_TRUE(finite(i));
}

TEST(StatsRatings, PriorShrinksButKeepsTheSign) {
  std::vector<Game> games;
  add_games(games, 0, 1, 60, 20, 20);
  const auto r = fit_ratings(2, games);
  EXPECT_GT(r[0].value, 0);
  EXPECT_LT(r[0].value - r[1].value, 147.19071411783776);
  EXPECT_GT(r[0].value - r[1].value, 140.0);  // 1 virtual draw each against 100 real games
  EXPECT_TRUE(fit_ratings(0, {}).empty());
  EXPECT_THROW(fit_ratings(2, {{0, 2, 1.0}}), junqi::engine::Error);
  EXPECT_THROW(fit_ratings(2, {{0, 1, 1.5}}), junqi::engine::Error);
}

// ---- junqi stats ----

using junqi::testing_support::CommandResult;
using junqi::testing_support::run_junqi;

TEST(StatsCli, PrintsEloNeloLosAndSprt) {
  const CommandResult r = run_junqi("stats --ptnml 10,40,100,150,100 --sprt elo0=0 elo1=10 model=logistic");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("pairs  400  (800 games"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Elo    "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("nElo   "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("LOS    "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("LLR    9.655  [-2.944, 2.944]  H1 accepted"), std::string::npos) << r.out;
  const CommandResult w = run_junqi("stats --wdl 60,20,20");
  ASSERT_EQ(w.status, 0) << w.out;
  EXPECT_NE(w.out.find("Elo    147.19"), std::string::npos) << w.out;
}

// The trinomial GSPRT and nElo on W/D/L 120/80/100. Expected values from an independent
// brute-force computation (Python, not this code): the constrained maximum-likelihood
// distributions found by a grid over the draw share and bisection on the win share, the
// constraint being the expected score L(elo) (logistic) or the t-value (mu - 1/2)/sigma =
// nelo / (800 / ln 10) (normalized); LLR = N * sum p ln(q1 / q0).
TEST(StatsSprt, TrinomialGsprtAndNeloMatchABruteForceMle) {
  const Trinomial t{120, 80, 100};
  EXPECT_NEAR(normalized_elo(t).value, 27.130, 0.01);
  SprtConfig config;
  config.elo0 = 0;
  config.elo1 = 10;
  EXPECT_NEAR(sprt(t, config).llr, 0.548, 0.002);
  config.model = SprtConfig::Model::kLogistic;
  EXPECT_NEAR(sprt(t, config).llr, 0.616, 0.002);
  const CommandResult r = run_junqi("stats --wdl 120,80,100 --sprt elo0=0 elo1=10");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("draws  26.67%"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("nElo   27.13"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("LLR    0.548  [-2.944, 2.944]  continue"), std::string::npos) << r.out;
  EXPECT_NE(run_junqi("stats --wdl 0,0,0").out.find("no games: no data"), std::string::npos);
}

TEST(StatsCli, BadInputIsOneLineNamingTheOption) {
  for (const char* args : {"stats --ptnml 1,2,3", "stats --wdl 1,x,3", "stats --ptnml 1,2,3,4,-5",
                           "stats --ptnml 1,2,3,4,5 --sprt alpha=2", "stats --wdl 1,2,3 --sprt elo0=5 elo1=1"}) {
    const CommandResult r = run_junqi(args);
    EXPECT_EQ(r.status, 1) << args;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    const std::string option = std::string(args).find("--sprt") != std::string::npos  ? "--sprt"
                               : std::string(args).find("--wdl") != std::string::npos ? "--wdl"
                                                                                      : "--ptnml";
    EXPECT_NE(r.out.find(option), std::string::npos) << r.out;
  }
  EXPECT_EQ(run_junqi("stats").status, 1);
}

}  // namespace
