#pragma once
// Match statistics as fishtest and fastchess compute them: Elo with a 95% interval from
// trinomial (W/D/L) or pentanomial (game-pair) counts, normalized Elo, likelihood of
// superiority, the generalized SPRT on pentanomial counts, and a maximum-likelihood
// rating fit over many players (logistic model, as Ordo does). Pure math: no I/O.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace junqi::runner::stats {

// Game pairs (the same deployments, sides swapped) by the first player's pair score:
// 0, 1/2, 1, 3/2, 2 (LL, LD, WL+DD, WD, WW).
using Pentanomial = std::array<int64_t, 5>;

struct Trinomial {
  int64_t wins = 0, draws = 0, losses = 0;
};

struct Interval {
  double value = 0, lower = 0, upper = 0;  // estimate and 95% bounds
};

// The logistic Elo difference of an expected score, -400·log10(1/s − 1); like fishtest's
// stat_util.elo the score is clamped to [0.001, 0.999], so the result stays within ±1199.6.
double elo_from_score(double score);

Interval elo(const Trinomial& t);
Interval elo(const Pentanomial& p);
Interval normalized_elo(const Pentanomial& p);
Interval normalized_elo(const Trinomial& t);  // per-game deviation from W/D/L
// Probability that the first player is the stronger (normal approximation).
double likelihood_of_superiority(const Pentanomial& p);
double likelihood_of_superiority(const Trinomial& t);

struct SprtConfig {
  double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
  enum class Model { kLogistic, kNormalized } model = Model::kNormalized;
};
// Parses "elo0=0 elo1=10 alpha=0.05 beta=0.05 model=normalized" (any subset, any order);
// throws engine::Error naming the bad key.
SprtConfig parse_sprt(const std::string& text);

struct SprtResult {
  double llr = 0, lower = 0, upper = 0;  // log-likelihood ratio and its bounds
  enum class Decision { kContinue, kAcceptH0, kAcceptH1 } decision = Decision::kContinue;
};
SprtResult sprt(const Pentanomial& p, const SprtConfig& config);
// The trinomial GSPRT, on games rather than pairs (for unpaired results).
SprtResult sprt(const Trinomial& t, const SprtConfig& config);

// One game for the rating fit: player indices and the first player's score (0, 0.5, 1).
struct Game {
  int first, second;
  double score;
};
// Maximum-likelihood Elo ratings (mean 0) with 95% intervals, one per player.
std::vector<Interval> fit_ratings(int players, const std::vector<Game>& games);
// The same with an explicit prior: each player also has `prior_draws` (> 0) virtual draws
// against a phantom rated 0, which keeps ratings finite for perfect scores and players that
// never met the rest; the two-argument form uses kPriorDraws. Tiny priors approach the pure MLE.
inline constexpr double kPriorDraws = 1.0;
std::vector<Interval> fit_ratings(int players, const std::vector<Game>& games, double prior_draws);

}  // namespace junqi::runner::stats
