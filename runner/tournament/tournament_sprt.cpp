#include "runner/tournament/tournament_sprt.h"

#include <cstdio>

#include "runner/game/text.h"

namespace junqi::runner {

double llr_share(const stats::SprtResult& r) {
  const double bound = r.llr >= 0 ? r.upper : r.lower;
  return bound != 0 ? 100.0 * r.llr / bound : 0.0;
}

bool SprtWatch::update(const ScoreBoard& board) {
  const stats::Pentanomial p = board.pentanomial(0, 1);
  const int64_t pairs = p[0] + p[1] + p[2] + p[3] + p[4];
  if (pairs == pairs_) return false;  // the game opened a pair
  pairs_ = pairs;
  last_ = stats::sprt(p, config_);
  if (decision_ || last_.decision == stats::SprtResult::Decision::kContinue) return false;
  decision_ = last_;
  decision_pairs_ = pairs;
  return true;
}

std::string SprtWatch::status() const {
  return cat({"LLR ", fixed(last_.llr, 2), " (", fixed(llr_share(last_), 1), "%) (", fixed(last_.lower, 2), ", ",
              fixed(last_.upper, 2), ")"});
}

std::string SprtWatch::verdict() const {
  using Decision = stats::SprtResult::Decision;
  const stats::SprtResult& r = decision_ ? *decision_ : last_;
  const std::string pairs = std::to_string(decision_ ? decision_pairs_ : pairs_);
  if (!decision_) return cat({"continue: LLR ", fixed(r.llr, 2), " within (", fixed(r.lower, 2), ", ", fixed(r.upper, 2),
                              ") after ", pairs, " pairs"});
  const bool h1 = r.decision == Decision::kAcceptH1;
  return cat({h1 ? "H1" : "H0", " accepted: LLR ", fixed(r.llr, 2), h1 ? " > " : " < ", fixed(h1 ? r.upper : r.lower, 2),
              " after ", pairs, " pairs"});
}

}  // namespace junqi::runner
