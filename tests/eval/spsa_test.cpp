// SPSA on a synthetic noisy objective with a known optimum, and its gain schedule.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "engine/random.h"
#include "eval/spsa.h"
#include "tests/support/error_text.h"

namespace junqi::eval {
namespace {

using testing_support::contains;
using testing_support::error_of;

double uniform01(engine::Rng& rng) { return double(rng.next() >> 11) * 0x1.0p-53; }

// A "strength" with its maximum at `best`: -|θ - best|². A game between θ+ and θ- is won
// by θ+ with logistic probability of the strength difference (no draws), as Elo
// assumes; one measurement is a pair of games, so W - L is in {-2, 0, 2}.
struct NoisyMatch {
  std::vector<double> best;
  engine::Rng rng{12345};
  double strength(const std::vector<double>& theta) const {
    double s = 0;
    for (size_t i = 0; i < theta.size(); ++i) s -= (theta[i] - best[i]) * (theta[i] - best[i]);
    return s;
  }
  double play_pair(const std::vector<double>& plus, const std::vector<double>& minus) {
    const double p = 1 / (1 + std::exp(strength(minus) - strength(plus)));
    double result = 0;
    for (int g = 0; g < 2; ++g) result += uniform01(rng) < p ? 1 : -1;
    return result;
  }
};

TEST(Spsa, RecoversTheOptimumOfANoisyObjective) {
  const std::vector<double> best = {3, -2, 5};
  std::vector<SpsaParam> params;
  for (size_t i = 0; i < best.size(); ++i) params.push_back({std::string(1, char('a' + i)), 0, -10, 10, 0.5, 0.02});
  SpsaSettings settings;
  settings.iterations = 3000;
  Spsa spsa(params, settings);
  NoisyMatch match{best};
  for (int k = 1; k <= settings.iterations; ++k) {
    const SpsaStep step = spsa.step(k, 7);
    spsa.update(step, match.play_pair(step.plus, step.minus));
  }
  // Near the optimum E[W-L] ≈ -2c·ΣΔj(θj-θj*) (the logistic's slope ¼ times two games
  // times the strength difference 4c·ΣΔj(...)), so each step pulls θi by about 2a_k(θi-θi*)
  // on average, while the noise of W-L (variance up to 2) moves it by a_k/c_k·√2 per step.
  // With these gains (a_end = r_end·c_end² = 0.005, c_end = 0.5) the last steps' noise is
  // ~0.014 and the pull ~1%, a stationary spread of about 0.014/√(2·0.01) ≈ 0.1. Over 40
  // other seeds the final error measured 0.07 rms, 0.2 at worst: 0.4 leaves room for the
  // seed while still far below the distance 2-5 each parameter had to travel.
  for (size_t i = 0; i < best.size(); ++i) EXPECT_NEAR(spsa.theta()[i], best[i], 0.4) << params[i].name;
}

TEST(Spsa, StaysInsideTheBounds) {
  // The optimum lies outside [min, max]: θ must end on the bound, never past it.
  Spsa spsa({{"x", 0, -1, 1, 0.5, 0.05}}, SpsaSettings{500});
  NoisyMatch match{{4}};
  for (int k = 1; k <= 500; ++k) {
    const SpsaStep step = spsa.step(k, 1);
    EXPECT_LE(step.plus[0], 1);
    EXPECT_GE(step.minus[0], -1);
    spsa.update(step, match.play_pair(step.plus, step.minus));
  }
  EXPECT_NEAR(spsa.theta()[0], 1, 0.05);
}

TEST(Spsa, GainsEndAtTheRequestedValues) {
  SpsaSettings settings;
  settings.iterations = 200;
  Spsa spsa({{"x", 0, -10, 10, 0.7, 0.003}}, settings);
  // At k = N: c_N = c_end, and a_N = r_end·c_end², i.e. R_N = a_N/c_N² = r_end.
  EXPECT_NEAR(spsa.c_k(0, 200), 0.7, 1e-12);
  EXPECT_NEAR(spsa.a_k(0, 200) / (0.7 * 0.7), 0.003, 1e-12);
  // c_1 = c_end·N^γ; a_1 = a_N·((A+N)/(A+1))^α with A = 0.1·N = 20.
  EXPECT_NEAR(spsa.c_k(0, 1), 0.7 * std::pow(200, 0.101), 1e-12);
  EXPECT_NEAR(spsa.a_k(0, 1), 0.003 * 0.49 * std::pow(220.0 / 21.0, 0.602), 1e-12);
}

TEST(Spsa, StepDependsOnlyOnSeedAndIteration) {
  Spsa a({{"x", 0, -10, 10, 1, 0.01}, {"y", 0, -10, 10, 1, 0.01}}, SpsaSettings{100});
  Spsa b = a;
  b.update(b.step(1, 5), 2);  // b's θ moved; its Δ at iteration 9 must not
  EXPECT_EQ(a.step(9, 5).delta, b.step(9, 5).delta);
}

TEST(Spsa, BadParametersAreNamed) {
  EXPECT_PRED2(contains, error_of([] { Spsa({{"mobility", 5, -1, 1, 0.1, 0.01}}, SpsaSettings{}); }),
               "spsa parameter 'mobility': start is outside [min, max]");
  EXPECT_PRED2(contains, error_of([] { Spsa({{"camps", 0, -1, 1, 0, 0.01}}, SpsaSettings{}); }),
               "'camps': c_end must be positive");
}

TEST(SpsaParams, FileIsReadAndErrorsNameTheKey) {
  const std::string path = (std::filesystem::temp_directory_path() / "junqi_spsa_params_test.toml").string();
  std::ofstream(path) << "alpha = 0.7\n[[param]]\nname = \"railway\"\nstart = 0.1\nmin = -1\nmax = 1\nc_end = 0.05\n"
                         "r_end = 0.002\n";
  SpsaSettings settings;
  const auto params = load_spsa_params(path, &settings);
  ASSERT_EQ(params.size(), 1u);
  EXPECT_EQ(params[0].name, "railway");
  EXPECT_EQ(params[0].start, 0.1);
  EXPECT_EQ(params[0].r_end, 0.002);
  EXPECT_EQ(settings.alpha, 0.7);
  std::ofstream(path) << "[[param]]\nname = \"railway\"\nstart = 0.1\nmin = -1\nmax = 1\nc_end = 0.05\n";
  EXPECT_PRED2(contains, error_of([&] { load_spsa_params(path); }), "param 'railway': missing key 'r_end'");
  std::ofstream(path) << "[[param]]\nname = \"railway\"\nstrat = 0.1\n";
  EXPECT_PRED2(contains, error_of([&] { load_spsa_params(path); }), ":3: strat: unknown key");
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace junqi::eval
