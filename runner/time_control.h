#pragma once
// Time controls of `--tc`: movetime=MS, clock=MS+INC, iterations=N (in-process bots).

#include <cstdint>
#include <string>

namespace junqi::runner {

struct TimeControl {
  enum class Kind { kMoveTime, kClock, kIterations };
  Kind kind = Kind::kIterations;
  int64_t movetime_ms = 0;
  int64_t base_ms = 0, increment_ms = 0;
  int64_t iterations = 0;
  std::string text() const;  // back to the --tc form
};

// Throws engine::Error naming the bad part.
TimeControl parse_time_control(const std::string& text);

}  // namespace junqi::runner
