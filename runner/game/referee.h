#pragma once
// The referee: plays one game between two players. It owns the true position, gives
// each player only its View (RULES.md §7; in the flip game a FlipView, which never holds
// a face-down identity), keeps the clocks, and ends the game on the rules of §6 and §7.1
// or on a player's fault (illegal move or deployment, time, crash, protocol,
// resignation). Every wait on a player has a deadline.

#include <array>
#include <cstdint>
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
  // The four-player game: deployments imposed by seat (S, E, N, W), and the names of the
  // teams South+North and East+West for the record. side_time_control is by team.
  std::array<std::optional<engine::Deployment>, kFourSeats> seat_imposed;
  std::array<std::string, 2> team_names;
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
};

// One seat's deployment at the start of a game, for every kind that deploys: the imposed
// one if there is one and the player takes it (setup), else the player's own (deploy),
// checked in `frame`'s frame. `text` is what the record keeps: the deployment, or the
// string an illegal-deployment sent; on a fault, reason and detail say what went wrong.
struct SeatDeployment {
  engine::Deployment deployment{};
  std::string text, reason, detail;
  bool ok() const { return reason.empty(); }
};
SeatDeployment deploy_seat(Player& player, const std::optional<engine::Deployment>& imposed, Deadline deadline,
                           engine::Color frame = engine::kRed);

// A seat's move asked on its clock, for every referee: `ask(limits, deadline)` is the
// player's go; the answer comes back with the time it took (spent on the clock), or with
// the reason and detail of the loss when the player faulted or overran its time.
struct ClockedMove {
  MoveAnswer move;
  int64_t used_ms = 0;
  std::string reason, detail;  // empty reason: a move (or "resign") to play
  bool ok() const { return reason.empty(); }
};
template <class Ask>
ClockedMove ask_on_clock(GameClock& clock, const GameSetup& setup, const Ask& ask) {
  ClockedMove out;
  const int64_t allowed = clock.allowed_ms(setup.untimed_move_ms);
  const auto start = SteadyClock::now();
  const Answer<MoveAnswer> a = ask(clock.limits(), start + std::chrono::milliseconds(allowed + setup.margin_ms));
  out.used_ms = ms_since(start);
  if (!a.ok()) {
    out.reason = fault_reason(a.fault);
    out.detail = a.detail;
  } else if (out.used_ms > allowed + setup.margin_ms) {
    out.reason = "time";
    out.detail = "took " + std::to_string(out.used_ms) + " ms of " + std::to_string(allowed);
  } else {
    clock.spend(out.used_ms);
    out.move = a.value;
  }
  return out;
}

// Plays the game to its end and returns its record (never throws for player faults).
// Seats: `red` and `blue` play those colours; in the flip game `red` is the seat that acts
// first and `blue` the second, whichever colours they are given in play (the record says).
// Throws engine::Error if a player cannot play the flip game.
GameRecord play_game(Player& red, Player& blue, const GameSetup& setup);

// A four-player game: seats[s] plays seat s (S, E, N, W); partners S+N and E+W form the
// teams, and each seat is asked with its own FourView only. A fault (illegal move or
// deployment, time, crash, protocol, resignation) loses the game for the seat's team.
// Throws engine::Error if a player cannot play the four-player game.
GameRecord play_four_game(const std::array<Player*, kFourSeats>& seats, const GameSetup& setup);

}  // namespace junqi::runner
