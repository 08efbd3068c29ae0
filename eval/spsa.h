#pragma once
// SPSA (simultaneous perturbation stochastic approximation) as fishtest and OpenBench
// run it for engine parameters, as pure math: each iteration perturbs every parameter
// at once by ±c_k, the caller measures θ+c_k·Δ against θ−c_k·Δ (game pairs: W − L), and
// θ moves by R_k·c_k·(W − L)·Δ, clipped to each parameter's bounds. No games here: the
// runner supplies the measurement, tests a synthetic one.
//
// Gains, per parameter, from the values wanted at the last iteration N (c_end, r_end):
//   c = c_end·N^γ,  a = r_end·c_end²·(A + N)^α;  c_k = c/k^γ,  a_k = a/(A + k)^α,
//   R_k = a_k/c_k²  (so the step is a_k/c_k·(W − L)·Δ). Defaults α 0.602, γ 0.101,
//   A = 0.1·N (Spall's recommendations, fishtest's defaults).

#include <cstdint>
#include <string>
#include <vector>

namespace junqi::eval {

struct SpsaParam {
  std::string name;
  double start = 0, min = 0, max = 0;
  double c_end = 0;  // perturbation size at the last iteration
  double r_end = 0;  // learning rate at the last iteration (the step is r_end·c_end·(W−L) then)
};

struct SpsaSettings {
  int iterations = 100;  // N
  double alpha = 0.602, gamma = 0.101;
  double big_a = -1;     // A; negative = 0.1·iterations
};

// One iteration's perturbation: Δ ∈ {−1, +1} per parameter and the two points to measure.
struct SpsaStep {
  int k = 1;  // 1-based iteration
  std::vector<double> delta, c, plus, minus;
};

class Spsa {
 public:
  // Throws engine::Error for empty parameters, min > max, start outside [min, max],
  // non-positive c_end or r_end, or bad settings, naming the parameter.
  Spsa(std::vector<SpsaParam> params, const SpsaSettings& settings);

  const std::vector<SpsaParam>& params() const { return params_; }
  const SpsaSettings& settings() const { return settings_; }
  const std::vector<double>& theta() const { return theta_; }
  void set_theta(std::vector<double> theta) { theta_ = std::move(theta); }

  double c_k(size_t i, int k) const;
  double a_k(size_t i, int k) const;

  // The perturbation of iteration k: Δ drawn from a generator seeded by (seed, k) alone,
  // so a resumed run draws the same Δ as an uninterrupted one.
  SpsaStep step(int k, uint64_t seed) const;
  // Moves θ by the measured result of the step: W − L of θ+ against θ− (any scale:
  // game pairs give W − L summed over games).
  void update(const SpsaStep& step, double wins_minus_losses);

 private:
  std::vector<SpsaParam> params_;
  SpsaSettings settings_;
  std::vector<double> theta_;
  double big_a_ = 0;
};

// Reads a parameters file: one [[param]] table per parameter with name, start, min,
// max, c_end, r_end (and optional top-level alpha, gamma, A). Errors name file, line, key.
std::vector<SpsaParam> load_spsa_params(const std::string& path, SpsaSettings* settings = nullptr);

}  // namespace junqi::eval
