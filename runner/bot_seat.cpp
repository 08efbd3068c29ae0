#include "runner/bot_seat.h"

#include <algorithm>

namespace junqi::runner {

Answer<bool> BotSeat::new_game(engine::Color side, const engine::Rules& rules, uint64_t seed,
                               Deadline deadline) {
  clock_ms_ = time_control_.base_ms;
  last_info_ = {};
  return bot_->new_game(side, rules, seed, deadline);
}

Answer<MoveAnswer> BotSeat::go(const engine::View& view, const search::Limits&, Deadline deadline) {
  const TimeControl& tc = time_control_;
  search::Limits limits;
  switch (tc.kind) {
    case TimeControl::Kind::kMoveTime:
      limits.movetime_ms = tc.movetime_ms;
      break;
    case TimeControl::Kind::kIterations:
      limits.iterations = tc.iterations;
      break;
    case TimeControl::Kind::kClock:
      // An overdrawn clock would ask for no time at all; the increment is always there.
      limits.time_left_ms = std::max(clock_ms_, tc.increment_ms + 1);
      limits.increment_ms = tc.increment_ms;
      break;
  }
  const auto start = SteadyClock::now();
  Answer<MoveAnswer> a = bot_->go(view, limits, deadline);
  const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start).count();
  if (tc.kind == TimeControl::Kind::kClock) clock_ms_ += tc.increment_ms - int64_t(used);
  if (a.ok()) last_info_ = a.value.info;
  return a;
}

}  // namespace junqi::runner
