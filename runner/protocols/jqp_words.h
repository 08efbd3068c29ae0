#pragma once
// The words JQP names a bot's seat and clock by, shared by both ends (jqp_engine and
// jqp_player) so they cannot drift apart. The dark and open games name sides by colour
// (`red`, `blue`; `rtime`, `btime`); the flip game, whose colours are decided in play,
// by the order of play (`first`, `second`; `ftime`, `stime`), the four-player game by
// seat (`south` ... `west`; `southtime` ... `westtime`): junqi's extensions, see
// docs/protocol.md.

#include <optional>
#include <string_view>

#include "engine/rules.h"

namespace junqi::runner::jqp {

inline int seats_of(engine::GameKind kind) { return kind == engine::GameKind::kFour ? 4 : 2; }

// Seat 0 is Red in the dark and open games, the first player to act in the flip game,
// South in the four-player game (then East, North, West).
inline std::string_view seat_word(engine::GameKind kind, int seat) {
  constexpr std::string_view kFourSeats[] = {"south", "east", "north", "west"};
  if (kind == engine::GameKind::kFour) return kFourSeats[seat];
  if (kind == engine::GameKind::kFlip) return seat == 0 ? "first" : "second";
  return seat == 0 ? "red" : "blue";
}

// The seat a `newgame` or `position` word names in a game of `kind`.
inline std::optional<int> seat_of(engine::GameKind kind, std::string_view word) {
  for (int seat = 0; seat < seats_of(kind); ++seat)
    if (word == seat_word(kind, seat)) return seat;
  return std::nullopt;
}

// The `go` fields of a seat's own clock.
struct ClockWords {
  std::string_view time, inc;
};

inline ClockWords clock_words(engine::GameKind kind, int seat) {
  constexpr ClockWords kFourClocks[] = {
      {"southtime", "southinc"}, {"easttime", "eastinc"}, {"northtime", "northinc"}, {"westtime", "westinc"}};
  if (kind == engine::GameKind::kFour) return kFourClocks[seat];
  if (kind == engine::GameKind::kFlip)
    return seat == 0 ? ClockWords{"ftime", "finc"} : ClockWords{"stime", "sinc"};
  return seat == 0 ? ClockWords{"rtime", "rinc"} : ClockWords{"btime", "binc"};
}

}  // namespace junqi::runner::jqp
