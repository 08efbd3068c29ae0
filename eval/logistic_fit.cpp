#include "eval/logistic_fit.h"

#include <cmath>

#include <Eigen/Cholesky>

namespace junqi::eval {

namespace {

// log(1 + e^z) without overflow.
double softplus(double z) { return std::max(z, 0.0) + std::log1p(std::exp(-std::abs(z))); }
double sigmoid(double z) { return 1.0 / (1.0 + std::exp(-z)); }

double objective(const Eigen::MatrixXd& x, const Eigen::VectorXd& y, const Eigen::VectorXd& w, double l2) {
  return log_loss(x, y, w) + 0.5 * l2 * w.squaredNorm();
}

}  // namespace

Dataset make_dataset(const std::vector<Eigen::VectorXd>& rows, const std::vector<double>& targets) {
  const Eigen::Index columns = rows.empty() ? 0 : rows[0].size();
  Dataset d{Eigen::MatrixXd(Eigen::Index(rows.size()), columns), Eigen::VectorXd(Eigen::Index(targets.size()))};
  for (size_t i = 0; i < rows.size(); ++i) {
    d.x.row(Eigen::Index(i)) = rows[i].transpose();
    d.y[Eigen::Index(i)] = targets[i];
  }
  return d;
}

TexelFit texel_fit(const Dataset& train, const Dataset& held_out, const Eigen::VectorXd& start,
                   const FitOptions& options) {
  TexelFit r;
  const Eigen::VectorXd& w0 = start;
  r.scale = fit_scale(train.x, train.y, w0);
  r.fitted = fit_logistic(train.x, train.y, r.scale * w0, options);
  r.held_out_start = log_loss(held_out.x, held_out.y, w0);
  r.held_out_scaled = log_loss(held_out.x, held_out.y, r.scale * w0);
  r.held_out_fitted = log_loss(held_out.x, held_out.y, r.fitted);
  r.train_start = log_loss(train.x, train.y, w0);
  r.train_fitted = log_loss(train.x, train.y, r.fitted);
  return r;
}

double log_loss(const Eigen::MatrixXd& x, const Eigen::VectorXd& y, const Eigen::VectorXd& w) {
  const Eigen::VectorXd z = x * w;
  double total = 0;
  // -[y·log σ(z) + (1−y)·log(1−σ(z))] = softplus(z) − y·z
  for (Eigen::Index i = 0; i < z.size(); ++i) total += softplus(z[i]) - y[i] * z[i];
  return z.size() ? total / double(z.size()) : 0.0;
}

double fit_scale(const Eigen::MatrixXd& x, const Eigen::VectorXd& y, const Eigen::VectorXd& w) {
  const Eigen::VectorXd z = x * w;
  const double n = double(z.size());
  auto loss = [&](double k) {
    double total = 0;
    for (Eigen::Index i = 0; i < z.size(); ++i) total += softplus(k * z[i]) - y[i] * k * z[i];
    return total / n;
  };
  // Newton on K with step halving; K stays positive (a negative scale would turn the
  // evaluation upside down, which is not a scale).
  double k = 1, current = loss(k);
  for (int iter = 0; iter < 100; ++iter) {
    double grad = 0, hess = 0;
    for (Eigen::Index i = 0; i < z.size(); ++i) {
      const double s = sigmoid(k * z[i]);
      grad += (s - y[i]) * z[i];
      hess += s * (1 - s) * z[i] * z[i];
    }
    if (hess <= 0) break;
    double step = -grad / hess, next = k + step, next_loss = 0;
    for (int halvings = 0;; ++halvings) {
      next = k + step;
      if (next > 0 && (next_loss = loss(next)) <= current) break;
      if (halvings == 50) return k;
      step /= 2;
    }
    const double gain = current - next_loss;
    k = next;
    current = next_loss;
    if (gain < 1e-14) break;
  }
  return k;
}

Eigen::VectorXd fit_logistic(const Eigen::MatrixXd& x, const Eigen::VectorXd& y, const Eigen::VectorXd& start,
                             const FitOptions& options) {
  const double n = double(x.rows());
  Eigen::VectorXd w = start;
  double current = objective(x, y, w, options.l2);
  for (int iter = 0; iter < options.max_iterations; ++iter) {
    const Eigen::VectorXd z = x * w;
    Eigen::VectorXd residual(z.size()), curvature(z.size());
    for (Eigen::Index i = 0; i < z.size(); ++i) {
      const double s = sigmoid(z[i]);
      residual[i] = s - y[i];
      curvature[i] = s * (1 - s);
    }
    const Eigen::VectorXd grad = x.transpose() * residual / n + options.l2 * w;
    Eigen::MatrixXd hess = x.transpose() * curvature.asDiagonal() * x / n;
    // The ridge keeps the Hessian invertible even for a feature that never varies.
    hess.diagonal().array() += std::max(options.l2, 1e-9);
    Eigen::VectorXd step = -hess.ldlt().solve(grad);
    Eigen::VectorXd next = w + step;
    double next_value = objective(x, y, next, options.l2);
    for (int halvings = 0; next_value > current && halvings < 50; ++halvings) {
      step /= 2;
      next = w + step;
      next_value = objective(x, y, next, options.l2);
    }
    if (next_value > current) break;
    const double gain = current - next_value;
    w = next;
    current = next_value;
    if (gain < options.tolerance) break;
  }
  return w;
}

}  // namespace junqi::eval
