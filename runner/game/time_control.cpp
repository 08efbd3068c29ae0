#include "runner/game/time_control.h"

#include <algorithm>
#include <charconv>

#include "engine/error.h"

namespace junqi::runner {
namespace {

int64_t parse_positive(const std::string& tc, std::string_view text, bool allow_zero) {
  int64_t n = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || n < 0 || (n == 0 && !allow_zero))
    throw engine::Error("time control '" + tc + "': '" + std::string(text) + "' is not a " +
                        (allow_zero ? "non-negative" : "positive") + " integer");
  return n;
}

}  // namespace

std::string TimeControl::text() const {
  switch (kind) {
    case Kind::kMoveTime: return "movetime=" + std::to_string(movetime_ms);
    case Kind::kClock: return "clock=" + std::to_string(base_ms) + "+" + std::to_string(increment_ms);
    case Kind::kIterations: return "iterations=" + std::to_string(iterations);
  }
  return {};
}

search::Limits GameClock::limits() const {
  search::Limits l;
  switch (tc_.kind) {
    case TimeControl::Kind::kMoveTime: l.movetime_ms = tc_.movetime_ms; break;
    case TimeControl::Kind::kIterations: l.iterations = tc_.iterations; break;
    case TimeControl::Kind::kClock:
      l.time_left_ms = std::max(left_ms_, tc_.increment_ms + 1);
      l.increment_ms = tc_.increment_ms;
      break;
  }
  return l;
}

int64_t GameClock::allowed_ms(int64_t untimed_move_ms) const {
  switch (tc_.kind) {
    case TimeControl::Kind::kMoveTime: return tc_.movetime_ms;
    case TimeControl::Kind::kClock: return left_ms_;
    case TimeControl::Kind::kIterations: break;
  }
  return untimed_move_ms;
}

void GameClock::spend(int64_t used_ms) {
  if (tc_.kind == TimeControl::Kind::kClock) left_ms_ = std::max<int64_t>(0, left_ms_ - used_ms) + tc_.increment_ms;
}

TimeControl parse_time_control(const std::string& text) {
  const size_t eq = text.find('=');
  const std::string key = text.substr(0, eq);
  const std::string_view value = eq == std::string::npos ? std::string_view() : std::string_view(text).substr(eq + 1);
  TimeControl tc;
  if (key == "movetime") {
    tc.kind = TimeControl::Kind::kMoveTime;
    tc.movetime_ms = parse_positive(text, value, false);
  } else if (key == "clock") {
    tc.kind = TimeControl::Kind::kClock;
    const size_t plus = value.find('+');
    tc.base_ms = parse_positive(text, value.substr(0, plus), false);
    tc.increment_ms = plus == std::string_view::npos ? 0 : parse_positive(text, value.substr(plus + 1), true);
  } else if (key == "iterations") {
    tc.kind = TimeControl::Kind::kIterations;
    tc.iterations = parse_positive(text, value, false);
  } else {
    throw engine::Error("time control '" + text + "': expected movetime=MS, clock=MS+INC or iterations=N");
  }
  return tc;
}

}  // namespace junqi::runner
