// Match statistics, following fishtest (server/fishtest/stats/stat_util.py, LLRcalc.py) so
// that our numbers can be compared with theirs digit for digit.
#include "runner/tournament/stats.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <sstream>
#include <string_view>

#include "engine/error.h"
#include "runner/game/text.h"

namespace junqi::runner::stats {

namespace {

constexpr double kZ95 = 1.959964;  // two-sided 95% quantile of the standard normal law
// nElo per unit of t-value (fishtest's nelo_divided_by_nt = 800 / ln 10 = 347.4355...).
constexpr double kNeloPerT = 800.0 / std::numbers::ln10;
// fishtest's LLRcalc.regularize: an empty bin gets this pseudo-count, so that the variance is
// never 0 and the MLE distributions of the GSPRT stay inside the simplex (no log 0, no NaN).
constexpr double kPseudoCount = 1e-3;

// A distribution of per-game scores: outcome values a_i in [0, 1] and probabilities p_i.
struct Pdf {
  std::vector<double> a, p;
  double samples = 0;  // N: games (trinomial) or game pairs (pentanomial), regularized
};

template <size_t K>
Pdf regularized_pdf(const std::array<int64_t, K>& counts) {
  Pdf pdf;
  for (size_t i = 0; i < K; ++i) {
    const double n = counts[i] > 0 ? static_cast<double>(counts[i]) : kPseudoCount;
    pdf.a.push_back(static_cast<double>(i) / static_cast<double>(K - 1));
    pdf.p.push_back(n);
    pdf.samples += n;
  }
  for (double& p : pdf.p) p /= pdf.samples;
  return pdf;
}

std::array<int64_t, 3> ldw(const Trinomial& t) { return {t.losses, t.draws, t.wins}; }

void check_counts(std::initializer_list<int64_t> counts) {
  for (int64_t n : counts)
    if (n < 0) throw engine::Error("statistics: negative count");
}

struct Moments {
  double mean = 0, var = 0;
};
Moments moments(const std::vector<double>& a, const std::vector<double>& p) {
  Moments m;
  for (size_t i = 0; i < a.size(); ++i) m.mean += p[i] * a[i];
  for (size_t i = 0; i < a.size(); ++i) m.var += p[i] * (a[i] - m.mean) * (a[i] - m.mean);
  return m;
}

// Standard normal CDF.
double phi(double x) { return 0.5 * std::erfc(-x / std::numbers::sqrt2); }

// fishtest get_elo: the mean score ± z·sd/sqrt(N), each end mapped through elo_from_score.
Interval elo_of(const Pdf& pdf) {
  const Moments m = moments(pdf.a, pdf.p);
  const double half = kZ95 * std::sqrt(m.var / pdf.samples);
  return {elo_from_score(m.mean), elo_from_score(m.mean - half), elo_from_score(m.mean + half)};
}

double los_of(const Pdf& pdf) {
  const Moments m = moments(pdf.a, pdf.p);
  return phi((m.mean - 0.5) / std::sqrt(m.var / pdf.samples));
}

// ---- GSPRT (fishtest LLRcalc) ----

// Solves the secular equation sum_i p_i·c_i / (1 + x·c_i) = 0 for x in (-1/max c, -1/min c),
// where the left side decreases strictly, so bisection cannot miss. Empty when the c_i do not
// change sign (the constraint cannot be met by reweighting the observed outcomes).
std::optional<double> secular(const std::vector<double>& c, const std::vector<double>& p) {
  const auto [lo_c, hi_c] = std::minmax_element(c.begin(), c.end());
  if (!(*lo_c < 0 && *hi_c > 0)) return std::nullopt;
  double lo = -1 / *hi_c, hi = -1 / *lo_c;
  auto f = [&](double x) {
    double s = 0;
    for (size_t i = 0; i < c.size(); ++i) s += p[i] * c[i] / (1 + x * c[i]);
    return s;
  };
  for (int it = 0; it < 200; ++it) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;  // the interval is down to adjacent doubles
    (f(mid) > 0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

// MLE of the outcome probabilities given the observed pdf, under the constraint sum p_i·c_i = 0.
std::optional<std::vector<double>> reweighted(const Pdf& pdf, const std::vector<double>& c) {
  const std::optional<double> x = secular(c, pdf.p);
  if (!x) return std::nullopt;
  std::vector<double> q(c.size());
  for (size_t i = 0; i < c.size(); ++i) q[i] = pdf.p[i] / (1 + *x * c[i]);
  return q;
}

// LLRcalc.MLE_expected: the MLE distribution whose expected score is s.
std::optional<std::vector<double>> mle_expected(const Pdf& pdf, double s) {
  std::vector<double> c;
  for (double a : pdf.a) c.push_back(a - s);
  return reweighted(pdf, c);
}

// LLRcalc.MLE_t_value: the MLE distribution whose t-value (mu − ref)/sigma is t, by the same
// fixed-point iteration (Van den Bergh, "normalized_elo_practical.pdf", section 4.1).
std::optional<std::vector<double>> mle_t_value(const Pdf& pdf, double ref, double t) {
  std::vector<double> q(pdf.a.size(), 1.0 / static_cast<double>(pdf.a.size()));
  for (int it = 0; it < 100; ++it) {
    const Moments m = moments(pdf.a, q);
    const double sigma = std::sqrt(m.var);
    std::vector<double> c;
    for (double a : pdf.a) c.push_back(a - ref - t * sigma * (1 + std::pow((m.mean - a) / sigma, 2)) / 2);
    std::optional<std::vector<double>> next = reweighted(pdf, c);
    if (!next) return std::nullopt;
    double change = 0;
    for (size_t i = 0; i < q.size(); ++i) change = std::max(change, std::abs((*next)[i] - q[i]));
    q = *next;
    if (change < 1e-9) break;
  }
  return q;
}

// N · sum_i p̂_i · ln(q1_i / q0_i): LLRcalc.LLR times the sample count.
double llr_of(const Pdf& pdf, const std::vector<double>& q0, const std::vector<double>& q1) {
  double llr = 0;
  for (size_t i = 0; i < q0.size(); ++i) llr += pdf.p[i] * (std::log(q1[i]) - std::log(q0[i]));
  return pdf.samples * llr;
}

double logistic_score(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

// The GSPRT's LLR on trinomial (K = 3, per game) or pentanomial (K = 5, per pair) counts.
template <size_t K>
double sprt_llr(const std::array<int64_t, K>& counts, const SprtConfig& config) {
  const Pdf pdf = regularized_pdf(counts);
  if (config.model == SprtConfig::Model::kLogistic) {
    // LLRcalc.LLR_logistic: H0 and H1 fix the expected per-game score at L(elo0), L(elo1),
    // which lie strictly inside (0, 1), so the secular equation always has its root.
    const auto q0 = mle_expected(pdf, logistic_score(config.elo0));
    const auto q1 = mle_expected(pdf, logistic_score(config.elo1));
    return llr_of(pdf, *q0, *q1);
  }
  // LLRcalc.LLR_normalized: H0 and H1 fix the t-value (mu − 1/2)/sigma of a game's score, or
  // of a pair's half score; nElo is defined per game, and a pair's sigma is the game's over
  // sqrt 2, hence t = nt·sqrt 2 for pairs.
  const double per_sample = K == 5 ? std::numbers::sqrt2 : 1.0;
  const double t0 = config.elo0 / kNeloPerT * per_sample;
  const double t1 = config.elo1 / kNeloPerT * per_sample;
  const auto q0 = mle_t_value(pdf, 0.5, t0), q1 = mle_t_value(pdf, 0.5, t1);
  if (q0 && q1) return llr_of(pdf, *q0, *q1);
  // A hypothesis so extreme that no reweighting of the observed outcomes reaches it (fishtest
  // would assert here): fall back to LLRcalc.LLR_normalized_alt, the paper's approximation.
  const Moments m = moments(pdf.a, pdf.p);
  const double nt = (m.mean - 0.5) / std::sqrt(per_sample * per_sample * m.var);
  const double nt0 = config.elo0 / kNeloPerT, nt1 = config.elo1 / kNeloPerT;
  return pdf.samples * std::log((1 + (nt - nt0) * (nt - nt0)) / (1 + (nt - nt1) * (nt - nt1)));
}

double parse_number(std::string_view key, const std::string& value) {
  std::istringstream in(value);
  double x = 0;
  in >> x;
  if (in.fail() || !in.eof() || !std::isfinite(x))
    throw engine::Error(cat({"sprt: ", key, " must be a number, got '", value, "'"}));
  return x;
}

// ---- rating fit ----

double log_sigmoid(double z) { return z > 0 ? -std::log1p(std::exp(-z)) : z - std::log1p(std::exp(z)); }
double sigmoid(double z) { return z > 0 ? 1 / (1 + std::exp(-z)) : std::exp(z) / (1 + std::exp(z)); }

// Games aggregated by ordered pair: games[i][j] counts i–j games, score[i][j] is i's total.
struct Table {
  int n;
  std::vector<double> games, score;
  double& g(int i, int j) { return games[static_cast<size_t>(i * n + j)]; }
  double& s(int i, int j) { return score[static_cast<size_t>(i * n + j)]; }
};

// Log-likelihood in natural units (theta = rating · ln10 / 400), prior included.
double log_likelihood(Table& t, const std::vector<double>& theta, double prior) {
  double ll = 0;
  for (int i = 0; i < t.n; ++i) {
    ll += prior * 0.5 * (log_sigmoid(theta[i]) + log_sigmoid(-theta[i]));
    for (int j = 0; j < t.n; ++j)
      if (t.g(i, j) > 0) ll += t.s(i, j) * log_sigmoid(theta[i] - theta[j]);  // losses are j's wins
  }
  return ll;
}

// Cholesky factor of a symmetric positive definite matrix (row-major), in place.
void cholesky(std::vector<double>& m, int n) {
  auto at = [&](int i, int j) -> double& { return m[static_cast<size_t>(i * n + j)]; };
  for (int j = 0; j < n; ++j) {
    for (int k = 0; k < j; ++k) at(j, j) -= at(j, k) * at(j, k);
    at(j, j) = std::sqrt(at(j, j));
    for (int i = j + 1; i < n; ++i) {
      for (int k = 0; k < j; ++k) at(i, j) -= at(i, k) * at(j, k);
      at(i, j) /= at(j, j);
    }
  }
}
std::vector<double> cholesky_solve(const std::vector<double>& l, int n, std::vector<double> b) {
  auto at = [&](int i, int j) { return l[static_cast<size_t>(i * n + j)]; };
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < i; ++k) b[i] -= at(i, k) * b[k];
    b[i] /= at(i, i);
  }
  for (int i = n - 1; i >= 0; --i) {
    for (int k = i + 1; k < n; ++k) b[i] -= at(k, i) * b[k];
    b[i] /= at(i, i);
  }
  return b;
}

// Gradient of the log-likelihood and the Fisher information (minus its Hessian), factored.
void derivatives(Table& t, const std::vector<double>& theta, double prior, std::vector<double>& grad,
                 std::vector<double>& fisher) {
  const int n = t.n;
  grad.assign(static_cast<size_t>(n), 0);
  fisher.assign(static_cast<size_t>(n * n), 0);
  for (int i = 0; i < n; ++i) {
    const double q = sigmoid(theta[i]);
    grad[i] += prior * (0.5 - q);
    fisher[static_cast<size_t>(i * n + i)] += prior * q * (1 - q);
    for (int j = 0; j < n; ++j) {
      if (t.g(i, j) == 0) continue;
      const double p = sigmoid(theta[i] - theta[j]);
      grad[i] += t.s(i, j) - t.g(i, j) * p;
      fisher[static_cast<size_t>(i * n + i)] += t.g(i, j) * p * (1 - p);
      fisher[static_cast<size_t>(i * n + j)] -= t.g(i, j) * p * (1 - p);
    }
  }
  cholesky(fisher, n);
}

}  // namespace

double elo_from_score(double score) {
  const double s = std::clamp(score, 1e-3, 1 - 1e-3);
  return 0.0 - 400 * std::log10(1 / s - 1);  // 0.0 − …: an even score prints 0, not -0
}

Interval elo(const Trinomial& t) {
  check_counts({t.wins, t.draws, t.losses});
  return elo_of(regularized_pdf(ldw(t)));
}

// A pair's score halved is the per-game score of the pair, so the pdf has outcomes 0, 1/4, …, 1
// and N counts pairs: sqrt(var/N) then accounts for the correlation inside a pair.
Interval elo(const Pentanomial& p) {
  check_counts({p[0], p[1], p[2], p[3], p[4]});
  return elo_of(regularized_pdf(p));
}

// fishtest's normalized Elo (LLRcalc.LLR_normalized_alt, normalized_elo_practical.pdf):
// nElo = (mu − 1/2) / sigma_pg · 800/ln 10 with sigma_pg = sqrt(2·var) the per-game standard
// deviation implied by pairs (var is the variance of a pair's half score). The interval is
// mu ± z·sqrt(var/N) put through the same linear map.
// From W/D/L counts the per-game deviation is measured directly: sigma_pg = sqrt(var).
template <size_t K>
Interval normalized_elo_of(const std::array<int64_t, K>& counts) {
  const Pdf pdf = regularized_pdf(counts);
  const Moments m = moments(pdf.a, pdf.p);
  const double scale = kNeloPerT / std::sqrt((K == 5 ? 2 : 1) * m.var);
  const double half = kZ95 * std::sqrt(m.var / pdf.samples);
  return {(m.mean - 0.5) * scale, (m.mean - half - 0.5) * scale, (m.mean + half - 0.5) * scale};
}

Interval normalized_elo(const Pentanomial& p) {
  check_counts({p[0], p[1], p[2], p[3], p[4]});
  return normalized_elo_of(p);
}

Interval normalized_elo(const Trinomial& t) {
  check_counts({t.wins, t.draws, t.losses});
  return normalized_elo_of(ldw(t));
}

double likelihood_of_superiority(const Pentanomial& p) {
  check_counts({p[0], p[1], p[2], p[3], p[4]});
  return los_of(regularized_pdf(p));
}

double likelihood_of_superiority(const Trinomial& t) {
  check_counts({t.wins, t.draws, t.losses});
  return los_of(regularized_pdf(ldw(t)));
}

SprtConfig parse_sprt(const std::string& text) {
  SprtConfig c;
  std::istringstream in(text);
  std::string token;
  while (in >> token) {
    const auto eq = token.find('=');
    if (eq == std::string::npos) throw engine::Error(cat({"sprt: expected key=value, got '", token, "'"}));
    const std::string key = token.substr(0, eq), value = token.substr(eq + 1);
    if (key == "elo0") {
      c.elo0 = parse_number(key, value);
    } else if (key == "elo1") {
      c.elo1 = parse_number(key, value);
    } else if (key == "alpha" || key == "beta") {
      const double x = parse_number(key, value);
      if (!(x > 0 && x < 1))
        throw engine::Error(cat({"sprt: ", key, " must be in (0, 1), got '", value, "'"}));
      (key == "alpha" ? c.alpha : c.beta) = x;
    } else if (key == "model") {
      if (value == "normalized") {
        c.model = SprtConfig::Model::kNormalized;
      } else if (value == "logistic") {
        c.model = SprtConfig::Model::kLogistic;
      } else {
        throw engine::Error(cat({"sprt: model must be normalized or logistic, got '", value, "'"}));
      }
    } else {
      throw engine::Error(cat({"sprt: unknown key '", key, "' (elo0, elo1, alpha, beta, model)"}));
    }
  }
  if (!(c.elo0 < c.elo1)) throw engine::Error("sprt: elo1 must be greater than elo0");
  // Otherwise ln(β/(1−α)) ≥ 0 ≥ ln((1−β)/α) and the bounds swap.
  if (!(c.alpha + c.beta < 1)) throw engine::Error("sprt: alpha + beta must be below 1");
  return c;
}

namespace {

template <size_t K>
SprtResult sprt_of(const std::array<int64_t, K>& counts, const SprtConfig& config) {
  SprtResult r;
  r.lower = std::log(config.beta / (1 - config.alpha));
  r.upper = std::log((1 - config.beta) / config.alpha);
  int64_t total = 0;
  for (int64_t n : counts) total += n;
  // No result yet is no evidence; the pseudo-counts alone would give a small nonzero LLR.
  r.llr = total == 0 ? 0.0 : sprt_llr(counts, config);
  // As fishtest's update_SPRT (without its overshoot correction): strictly beyond a bound.
  if (r.llr > r.upper) r.decision = SprtResult::Decision::kAcceptH1;
  if (r.llr < r.lower) r.decision = SprtResult::Decision::kAcceptH0;
  return r;
}

}  // namespace

SprtResult sprt(const Pentanomial& p, const SprtConfig& config) {
  check_counts({p[0], p[1], p[2], p[3], p[4]});
  return sprt_of(p, config);
}

SprtResult sprt(const Trinomial& t, const SprtConfig& config) {
  check_counts({t.wins, t.draws, t.losses});
  return sprt_of(ldw(t), config);
}

std::vector<Interval> fit_ratings(int players, const std::vector<Game>& games) {
  return fit_ratings(players, games, kPriorDraws);
}

// Bradley–Terry / Ordo: P(i beats j) = 1/(1 + 10^((r_j − r_i)/400)) and a draw counts as half
// a win and half a loss. Newton's method with step halving on the concave log-likelihood; the
// prior makes it strictly concave, so the maximum is unique and finite.
std::vector<Interval> fit_ratings(int players, const std::vector<Game>& games, double prior_draws) {
  if (players < 0) throw engine::Error("fit_ratings: negative player count");
  if (!(prior_draws > 0) || !std::isfinite(prior_draws))
    throw engine::Error("fit_ratings: prior_draws must be positive");
  const int n = players;
  Table t{n, std::vector<double>(static_cast<size_t>(n * n)),
          std::vector<double>(static_cast<size_t>(n * n))};
  for (const Game& g : games) {
    if (g.first < 0 || g.first >= n || g.second < 0 || g.second >= n || g.first == g.second)
      throw engine::Error("fit_ratings: game with a bad player index");
    if (!(g.score >= 0 && g.score <= 1)) throw engine::Error("fit_ratings: game score outside [0, 1]");
    t.g(g.first, g.second) += 1;
    t.g(g.second, g.first) += 1;
    t.s(g.first, g.second) += g.score;
    t.s(g.second, g.first) += 1 - g.score;
  }

  std::vector<double> theta(static_cast<size_t>(n), 0.0), grad, fisher;
  double ll = log_likelihood(t, theta, prior_draws);
  for (int it = 0; it < 500; ++it) {
    derivatives(t, theta, prior_draws, grad, fisher);
    const std::vector<double> step = cholesky_solve(fisher, n, grad);
    double size = 0;
    for (double s : step) size = std::max(size, std::abs(s));
    if (size < 1e-10) break;  // 1e-10 natural units is 4e-8 Elo
    // Far from the optimum (a perfect score, a tiny prior) full steps can overshoot.
    for (double scale = 1; scale > 1e-6; scale /= 2) {
      std::vector<double> next = theta;
      for (int i = 0; i < n; ++i) next[i] += scale * step[i];
      const double next_ll = log_likelihood(t, next, prior_draws);
      if (next_ll >= ll - 1e-12 * std::abs(ll)) {
        theta = next;
        ll = next_ll;
        break;
      }
    }
  }

  // Covariance = inverse Fisher information at the optimum. The reported ratings are shifted
  // to mean 0, a linear map A = I − 11ᵀ/n, so their covariance is A·C·Aᵀ; we need its diagonal:
  // C_ii − 2·mean_k C_ik + mean_kl C_kl.
  derivatives(t, theta, prior_draws, grad, fisher);
  std::vector<double> cov(static_cast<size_t>(n * n));
  for (int j = 0; j < n; ++j) {
    std::vector<double> e(static_cast<size_t>(n), 0.0);
    e[j] = 1;
    const std::vector<double> col = cholesky_solve(fisher, n, e);
    for (int i = 0; i < n; ++i) cov[static_cast<size_t>(i * n + j)] = col[i];
  }
  const double nn = static_cast<double>(n);
  double mean = 0, cov_mean = 0;
  std::vector<double> row_mean(static_cast<size_t>(n), 0.0);
  for (int i = 0; i < n; ++i) {
    mean += theta[i] / nn;
    for (int j = 0; j < n; ++j) row_mean[i] += cov[static_cast<size_t>(i * n + j)] / nn;
    cov_mean += row_mean[i] / nn;
  }
  constexpr double kEloPerTheta = 400.0 / std::numbers::ln10;
  std::vector<Interval> out;
  for (int i = 0; i < n; ++i) {
    const double var = std::max(0.0, cov[static_cast<size_t>(i * n + i)] - 2 * row_mean[i] + cov_mean);
    const double r = (theta[i] - mean) * kEloPerTheta, half = kZ95 * std::sqrt(var) * kEloPerTheta;
    out.push_back({r, r - half, r + half});
  }
  return out;
}

}  // namespace junqi::runner::stats
