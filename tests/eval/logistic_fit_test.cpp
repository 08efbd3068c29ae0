// The logistic fit recovers known weights and a known scale from synthetic results.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/random.h"
#include "eval/evaluation.h"
#include "eval/logistic_fit.h"

namespace junqi::eval {
namespace {

double uniform01(engine::Rng& rng) { return double(rng.next() >> 11) * 0x1.0p-53; }

// n rows of d features uniform in [-2, 2] (integers would do as well: the fit does not
// care), and results drawn as wins with probability logistic(scale·x·w), else losses.
struct Synthetic {
  Eigen::MatrixXd x;
  Eigen::VectorXd y;
};
Synthetic make_data(const Eigen::VectorXd& w, double scale, int n, uint64_t seed) {
  engine::Rng rng(seed);
  Synthetic s{Eigen::MatrixXd(n, w.size()), Eigen::VectorXd(n)};
  for (int i = 0; i < n; ++i) {
    for (Eigen::Index j = 0; j < w.size(); ++j) s.x(i, j) = 4 * uniform01(rng) - 2;
    const double p = 1 / (1 + std::exp(-scale * s.x.row(i).dot(w)));
    s.y[i] = uniform01(rng) < p ? 1 : 0;
  }
  return s;
}

TEST(LogisticFit, RecoversKnownWeights) {
  Eigen::VectorXd truth(4);
  truth << 0.8, -0.5, 0.3, 0.0;
  const Synthetic data = make_data(truth, 1, 20000, 3);
  FitOptions options;
  options.l2 = 0;  // no shrinkage: the estimate should be unbiased
  const Eigen::VectorXd w = fit_logistic(data.x, data.y, Eigen::VectorXd::Zero(4), options);
  // Standard error of each weight: 1/sqrt(n·Var(x)·E[p(1-p)]) with Var(x) = 4/3 and
  // p(1-p) about 0.2 here, i.e. 1/sqrt(20000·4/3·0.2) ≈ 0.014; 0.06 is four of them.
  for (int j = 0; j < 4; ++j) EXPECT_NEAR(w[j], truth[j], 0.06) << "weight " << j;
  EXPECT_LT(log_loss(data.x, data.y, w), log_loss(data.x, data.y, Eigen::VectorXd::Zero(4)));
}

TEST(LogisticFit, FitsTheScaleFirst) {
  // Results drawn with the right direction but 2.5 times the slope of the given weights:
  // Texel's scale step must find 2.5 (its standard error here is well under 0.1).
  Eigen::VectorXd w(3);
  w << 0.4, -0.2, 0.1;
  const Synthetic data = make_data(w, 2.5, 20000, 11);
  EXPECT_NEAR(fit_scale(data.x, data.y, w), 2.5, 0.2);
}

TEST(LogisticFit, RegularizationShrinksTowardZero) {
  Eigen::VectorXd truth(2);
  truth << 1.0, -1.0;
  const Synthetic data = make_data(truth, 1, 5000, 5);
  FitOptions weak, strong;
  weak.l2 = 0;
  strong.l2 = 1.0;
  const Eigen::VectorXd a = fit_logistic(data.x, data.y, Eigen::VectorXd::Zero(2), weak);
  const Eigen::VectorXd b = fit_logistic(data.x, data.y, Eigen::VectorXd::Zero(2), strong);
  EXPECT_LT(b.norm(), a.norm());
}

TEST(LogisticFit, DrawsAsHalfPointsAreFitted) {
  // Every result ½ whatever the features: the best weights are 0 and the loss is ln 2.
  Eigen::MatrixXd x(3, 1);
  x << 1, -2, 3;
  const Eigen::VectorXd y = Eigen::VectorXd::Constant(3, 0.5);
  Eigen::VectorXd start(1);
  start << 2;
  const Eigen::VectorXd w = fit_logistic(x, y, start);
  EXPECT_NEAR(w[0], 0, 1e-6);
  EXPECT_NEAR(log_loss(x, y, w), std::log(2.0), 1e-9);
}

TEST(TexelFit, ScalesThenFitsAndReportsBothSets) {
  // Results drawn from logistic(2·w0·φ) on the evaluation's own feature vectors: the
  // procedure should find K ≈ 2 and then weights ≈ 2·w0, and the held-out loss must fall.
  Weights start;
  start.w[kMarshalCount] = 0.5;
  start.w[kMobility] = 0.05;
  start.w[kTopOfficer] = 0.3;
  engine::Rng rng(21);
  std::vector<Eigen::VectorXd> rows[2];
  std::vector<double> targets[2];
  for (int i = 0; i < 20000; ++i) {
    Features x = Features::Zero();
    x[kMarshalCount] = double(rng.below(3)) - 1;  // -1, 0, 1 as the material difference can be
    x[kMobility] = double(rng.below(41)) - 20;
    x[kTopOfficer] = double(rng.below(3)) - 1;
    const double p = 1 / (1 + std::exp(-2 * start.w.dot(x)));
    rows[i % 5 == 0].push_back(x);
    targets[i % 5 == 0].push_back(uniform01(rng) < p ? 1 : 0);
  }
  FitOptions options;
  options.l2 = 0;
  const TexelFit fit =
      texel_fit(make_dataset(rows[0], targets[0]), make_dataset(rows[1], targets[1]), start.w, options);
  EXPECT_NEAR(fit.scale, 2, 0.15);  // 16000 rows: the scale's standard error is a few hundredths
  EXPECT_NEAR(fit.fitted[kMarshalCount], 1.0, 0.1);
  EXPECT_NEAR(fit.fitted[kMobility], 0.1, 0.01);
  EXPECT_NEAR(fit.fitted[kTopOfficer], 0.6, 0.1);
  EXPECT_NEAR(fit.fitted[kCamps], 0, 1e-6);  // a feature that never varies keeps no weight
  EXPECT_LT(fit.held_out_fitted, fit.held_out_start);
  EXPECT_LT(fit.held_out_scaled, fit.held_out_start);
}

}  // namespace
}  // namespace junqi::eval
