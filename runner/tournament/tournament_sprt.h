#pragma once
// An SPRT followed through a two-player tournament: after each finished game pair the
// GSPRT on the pentanomial counts so far; the first crossing of a bound decides, and the
// decision stays whatever pairs finish after it (the games still running when it fell).

#include <cstdint>
#include <optional>
#include <string>

#include "runner/tournament/stats.h"
#include "runner/tournament/tournament_scores.h"

namespace junqi::runner {

// The LLR as a percentage of the bound it heads for (fastchess's "LLR 1.23 (41.8%)"):
// 100% decides.
double llr_share(const stats::SprtResult& r);

class SprtWatch {
 public:
  explicit SprtWatch(const stats::SprtConfig& config) : config_(config), last_(stats::sprt(stats::Pentanomial{}, config)) {}
  // Call after board.add of each game, in the order the games were recorded. Returns true
  // when this game finished the pair that decided the test.
  bool update(const ScoreBoard& board);
  bool decided() const { return decision_.has_value(); }
  const std::optional<stats::SprtResult>& decision() const { return decision_; }  // at the crossing
  int64_t decision_pairs() const { return decision_pairs_; }
  const stats::SprtResult& last() const { return last_; }  // at the last finished pair
  int64_t pairs() const { return pairs_; }
  // "LLR 1.23 (41.8%) (-2.94, 2.94)": the last result, for the progress line.
  std::string status() const;
  // "H1 accepted: LLR 2.97 > 2.94 after 14 pairs", or "continue: LLR ..." if undecided.
  std::string verdict() const;

 private:
  stats::SprtConfig config_;
  stats::SprtResult last_;
  std::optional<stats::SprtResult> decision_;
  int64_t pairs_ = 0, decision_pairs_ = 0;
};

}  // namespace junqi::runner
