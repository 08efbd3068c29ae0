#include "runner/tournament_sprt.h"

#include <cstdio>

#include "runner/text.h"

namespace junqi::runner {
namespace {

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

}  // namespace

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
  return cat({"LLR ", number(last_.llr), " (", number(last_.lower), ", ", number(last_.upper), ")"});
}

std::string SprtWatch::verdict() const {
  using Decision = stats::SprtResult::Decision;
  const stats::SprtResult& r = decision_ ? *decision_ : last_;
  const std::string pairs = std::to_string(decision_ ? decision_pairs_ : pairs_);
  if (!decision_) return cat({"continue: LLR ", number(r.llr), " within (", number(r.lower), ", ", number(r.upper),
                              ") after ", pairs, " pairs"});
  const bool h1 = r.decision == Decision::kAcceptH1;
  return cat({h1 ? "H1" : "H0", " accepted: LLR ", number(r.llr), h1 ? " > " : " < ", number(h1 ? r.upper : r.lower),
              " after ", pairs, " pairs"});
}

}  // namespace junqi::runner
