#pragma once
// The referee: plays one game between two players. It owns the true position, gives
// each player only its View (RULES.md §7; in the flip game a FlipView, which never holds
// a face-down identity), keeps the clocks, and ends the game on the rules of §6 and §7.1
// or on a player's fault (illegal move or deployment, time, crash, protocol,
// resignation). Every wait on a player has a deadline.

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "engine/deployment.h"
#include "engine/rules.h"
#include "runner/game/player.h"
#include "runner/game/record.h"
#include "runner/game/time_control.h"

namespace junqi::runner {

struct GameSetup {
  std::string id = "1";
  uint64_t seed = 1;
  engine::Rules rules;
  TimeControl time_control;
  // A side's own time control instead of time_control (tournament players may differ).
  std::array<std::optional<TimeControl>, engine::kColors> side_time_control;
  const TimeControl& time_control_of(engine::Color c) const {
    return side_time_control[c] ? *side_time_control[c] : time_control;
  }
  // Deployments the referee imposes (paired games); a side without one deploys itself.
  std::array<std::optional<engine::Deployment>, engine::kColors> imposed;
  // The flip game: the seed its layout is dealt from (a pair of games shares it, the
  // seats swapped); none: the game's own seed.
  std::optional<uint64_t> layout_seed;
  int64_t margin_ms = 100;        // absorbs process jitter before a time loss
  int64_t startup_ms = 5000;      // handshake, new game, deployment
  int64_t untimed_move_ms = 60000;  // per-move limit when the time control is iterations
  // A person at the board (junqi play) may answer `undo`: the seat's last move and the
  // reply are taken back if the opponent can_take_back(); and `draw`: a draw by agreement
  // if the opponent accepts_draw(). Elsewhere such answers are protocol faults.
  bool takebacks_and_draw_offers = false;
  // Spectators (junqi tournament --serve): called on the game's thread with the record so
  // far once the game is set up, after every move, and once it is over (result set).
  std::function<void(const GameRecord&)> on_move;
};

// Plays the game to its end and returns its record (never throws for player faults).
// Seats: `red` and `blue` play those colours; in the flip game `red` is the seat that acts
// first and `blue` the second, whichever colours they are given in play (the record says).
// Throws engine::Error if a player cannot play the flip game.
GameRecord play_game(Player& red, Player& blue, const GameSetup& setup);

}  // namespace junqi::runner
