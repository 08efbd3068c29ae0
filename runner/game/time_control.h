#pragma once
// Time controls of `--tc`: movetime=MS, clock=MS+INC, iterations=N (in-process bots).

#include <cstdint>
#include <string>

#include "search/bot.h"

namespace junqi::runner {

struct TimeControl {
  enum class Kind { kMoveTime, kClock, kIterations };
  Kind kind = Kind::kIterations;
  int64_t movetime_ms = 0;
  int64_t base_ms = 0, increment_ms = 0;
  int64_t iterations = 0;
  std::string text() const;  // back to the --tc form
};

// One side's clock in one game: the search limits a time control gives for the next
// move, the time that move may take, and what is left after it. The referee keeps one
// per side; a bot seated against an untimed human keeps its own.
class GameClock {
 public:
  explicit GameClock(const TimeControl& tc) : tc_(tc), left_ms_(tc.base_ms) {}
  const TimeControl& time_control() const { return tc_; }
  int64_t left_ms() const { return left_ms_; }  // the clock's time before the move under way
  // An overdrawn clock still offers the increment: a search is never asked for no time.
  search::Limits limits() const;
  // The longest the next move may take; untimed_move_ms when the budget is iterations.
  int64_t allowed_ms(int64_t untimed_move_ms) const;
  // After a move of used_ms: time inside the referee's margin is forgiven, not carried
  // as a negative clock; the increment is added.
  void spend(int64_t used_ms);

 private:
  TimeControl tc_;
  int64_t left_ms_;
};

// Throws engine::Error naming the bad part.
TimeControl parse_time_control(const std::string& text);

}  // namespace junqi::runner
