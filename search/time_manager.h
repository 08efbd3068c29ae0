#pragma once
// How long to think about one move, from the referee's limits.

#include "search/bot.h"

namespace junqi::search {

struct Budget {
  int64_t iterations = 0;  // 0: no iteration limit
  double seconds = 0;      // 0: no time limit
  const std::atomic<bool>* stop = nullptr;  // Limits::stop
  bool stopped() const { return stop_requested(stop); }
};

// movetime: use it, less a safety margin. Clock: a slice of what is left (a game has
// ~150 own moves at most before a draw rule usually ends it; plan for 40 more) plus most
// of the increment, never more than a fifth of the clock. Iterations: as given. With no
// limit at all, `default_iterations`. A stop request ends any of them early.
inline Budget plan_move(const Limits& limits, int64_t default_iterations) {
  Budget b;
  b.stop = limits.stop;
  if (limits.iterations > 0) b.iterations = limits.iterations;
  if (limits.movetime_ms > 0) b.seconds = 0.85 * double(limits.movetime_ms) / 1000.0 - 0.005;
  if (limits.time_left_ms > 0) {
    const double left = double(limits.time_left_ms) / 1000.0, inc = double(limits.increment_ms) / 1000.0;
    b.seconds = std::min(left / 40.0 + 0.75 * inc, left / 5.0);
  }
  if (b.seconds < 0) b.seconds = 0.001;
  if (b.iterations == 0 && b.seconds == 0) b.iterations = default_iterations;
  return b;
}

}  // namespace junqi::search
