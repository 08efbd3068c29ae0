// Time controls (runner/game/time_control.h) as --tc, --player-tc and tournament files give
// them: what parses must write back (`text()`) to a form that parses to the same time
// control, and a game clock must take it.

#include <string>

#include "engine/error.h"
#include "fuzz/fuzz_support.h"
#include "runner/game/time_control.h"

using namespace junqi::runner;
using junqi::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(junqi::fuzz::text_of(data, size));
  TimeControl tc;
  try {
    tc = parse_time_control(text);
  } catch (const junqi::engine::Error&) {
    return 0;
  }
  const TimeControl again = parse_time_control(tc.text());
  require(again.kind == tc.kind && again.movetime_ms == tc.movetime_ms && again.base_ms == tc.base_ms &&
              again.increment_ms == tc.increment_ms && again.iterations == tc.iterations,
          "parse_time_control(tc.text()) == tc", text);
  GameClock clock(tc);
  clock.spend(clock.allowed_ms(60000));
  clock.limits();
  return 0;
}
