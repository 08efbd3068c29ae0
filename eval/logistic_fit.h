#pragma once
// Fitting evaluation weights to game results, as Texel tuning does for chess engines
// but with the logistic regression done exactly (Newton's method) since the evaluation
// is linear: rows of features X (one sampled position each), targets y in [0, 1] (the
// game's result for the side the features are computed for: 1 win, ½ draw, 0 loss).
// The loss is the mean cross-entropy of logistic(X·w) against y. Any evaluation's
// features fit: the dark game's and the flip game's alike, as vectors.

#include <vector>

#include <Eigen/Core>


namespace junqi::eval {

// Rows of features and their targets, as the fit takes them.
struct Dataset {
  Eigen::MatrixXd x;
  Eigen::VectorXd y;
};
// Every row has the same length, the evaluation's feature count.
Dataset make_dataset(const std::vector<Eigen::VectorXd>& rows, const std::vector<double>& targets);

// Mean cross-entropy of logistic(X·w) against y (computed stably for large |X·w|).
double log_loss(const Eigen::MatrixXd& x, const Eigen::VectorXd& y, const Eigen::VectorXd& w);

// Texel's first step: the scale K > 0 that best maps the given weights' values to
// results, i.e. the minimum of log_loss(X, y, K·w) (a convex function of K).
double fit_scale(const Eigen::MatrixXd& x, const Eigen::VectorXd& y, const Eigen::VectorXd& w);

struct FitOptions {
  double l2 = 1e-4;          // λ: the loss minimized is log_loss + λ/2·|w|²
  int max_iterations = 100;  // Newton steps
  double tolerance = 1e-12;  // stop once a step improves the objective by less
};

// The weights minimizing log_loss + λ/2·|w|², from `start` (e.g. K times the current
// weights). Newton steps with step halving: the objective is convex, so this converges
// in a handful of steps.
Eigen::VectorXd fit_logistic(const Eigen::MatrixXd& x, const Eigen::VectorXd& y, const Eigen::VectorXd& start,
                             const FitOptions& options = {});

// The whole Texel procedure: K fitted on `train` for the start weights, then every
// weight from K·start; losses of the three on both sets.
struct TexelFit {
  double scale = 1;  // K
  Eigen::VectorXd fitted;
  double held_out_start = 0, held_out_scaled = 0, held_out_fitted = 0;
  double train_start = 0, train_fitted = 0;
};
TexelFit texel_fit(const Dataset& train, const Dataset& held_out, const Eigen::VectorXd& start,
                   const FitOptions& options);

}  // namespace junqi::eval
