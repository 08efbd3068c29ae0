// The referee of the four-player game (referee.h, play_four_game): four seats, two teams,
// each seat asked and told through its own FourView, which holds only what that seat may
// see (engine/four/game.h decides what each step shows to whom).
#include <optional>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/four/game.h"
#include "engine/four/notation.h"
#include "engine/four/view.h"
#include "runner/game/four_record.h"
#include "runner/game/four_replay.h"
#include "runner/game/referee.h"

namespace junqi::runner {
namespace {

using namespace junqi::engine;
namespace four = junqi::engine::four;

class FourReferee {
 public:
  FourReferee(const std::array<Player*, kFourSeats>& seats, const GameSetup& setup)
      : seats_(seats),
        setup_(setup),
        clocks_{GameClock(tc_of(0)), GameClock(tc_of(1)), GameClock(tc_of(2)), GameClock(tc_of(3))} {
    for (const Player* p : seats_)
      if (!p->plays_four()) throw Error("player '" + p->name() + "' does not play the four-player game");
    record_.id = setup.id;
    record_.seed = setup.seed;
    record_.start_time = utc_timestamp();
    record_.rules = setup.rules;
    record_.red = setup.team_names[0];
    record_.blue = setup.team_names[1];
    for (int s = 0; s < kFourSeats; ++s) {
      record_.seat_players[s] = seats_[s]->name();
      record_.seat_settings[s] = seats_[s]->settings();
    }
    const std::string first_tc = tc_of(0).text(), second_tc = tc_of(1).text();
    record_.time_control = first_tc == second_tc ? first_tc : first_tc + " / " + second_tc;
  }

  GameRecord play() {
    if (start() && set_up()) {
      while (true) {
        const four::Status status = game_->status();
        if (status.over()) {
          finish(four_result_name(status.result), std::string(reason_name(status.reason)), "");
          break;
        }
        if (!play_turn()) break;
      }
    }
    for (Player* p : seats_) p->game_over(record_.result, record_.reason);
    return record_;
  }

 private:
  // A seat's time control: its team's (side_time_control is by team).
  const TimeControl& tc_of(int seat) const { return setup_.time_control_of(Color(seat & 1)); }

  void finish(std::string_view result, const std::string& reason, const std::string& detail) {
    record_.result = result;
    record_.reason = reason;
    record_.detail = detail;
  }
  // Ends the game as a loss of `seat`'s team; returns false so callers can `return lose(...)`.
  bool lose(int seat, const std::string& reason, const std::string& detail) {
    finish(four_result_name(four::win_for_team(1 - (seat & 1))), reason,
           std::string(1, four_seat_letter(seat)) + ": " + detail);
    return false;
  }

  bool start() {
    for (int seat = 0; seat < kFourSeats; ++seat) {
      seats_[seat]->time_control(tc_of(seat), setup_.untimed_move_ms);
      const uint64_t seed = setup_.seed * kFourSeats + uint64_t(seat);
      const auto a = seats_[seat]->new_four_game(seat, setup_.rules, seed, after_ms(setup_.startup_ms));
      if (!a.ok()) return lose(seat, fault_reason(a.fault), a.detail);
    }
    return true;
  }

  bool set_up() {
    std::array<Deployment, kFourSeats> d;
    for (int seat = 0; seat < kFourSeats; ++seat) {
      const SeatDeployment s = deploy_seat(*seats_[seat], setup_.seat_imposed[seat], after_ms(setup_.startup_ms));
      record_.seat_deployments[seat] = s.text;
      if (!s.ok()) return lose(seat, s.reason, s.detail);
      d[seat] = s.deployment;
    }
    game_.emplace(setup_.rules, d);
    for (int seat = 0; seat < kFourSeats; ++seat) views_[seat].emplace(game_->initial_view(seat));
    return true;
  }

  bool play_turn() {
    const int seat = game_->current_player();
    const ClockedMove a = ask_on_clock(clocks_[seat], setup_, [&](const search::Limits& limits, Deadline deadline) {
      return seats_[seat]->go_four(*views_[seat], limits, deadline);
    });
    if (!a.ok()) return lose(seat, a.reason, a.detail);
    if (a.move.move == "resign") return lose(seat, "resign", "resigned");
    Move m;
    try {
      m = four::parse_move(a.move.move);
    } catch (const Error& e) {
      return lose(seat, "protocol", e.what());
    }
    if (!game_->is_legal(m)) return lose(seat, "illegal-move", a.move.move + " is not legal");
    const four::Step step = game_->apply(m);
    // Records keep a fight's piece types (kNoPiece's type is kNoPiece: quiet moves).
    record_.moves.push_back(
        {step.move, step.outcome, Piece(type_of(step.attacker)), Piece(type_of(step.defender)), a.used_ms});
    for (const Elimination& e : eliminations_of(step, int(record_.moves.size()))) record_.eliminations.push_back(e);
    // Every seat is told what it saw, in seat order, only after every view has it.
    for (int s = 0; s < kFourSeats; ++s)
      for (const four::Token& t : step.seen[s]) views_[s]->apply(t);
    for (int s = 0; s < kFourSeats; ++s) seats_[s]->observe_four(*views_[s]);
    return true;
  }

  std::array<Player*, kFourSeats> seats_;
  const GameSetup& setup_;
  std::array<GameClock, kFourSeats> clocks_;
  GameRecord record_;
  std::optional<four::FourGame> game_;
  std::array<std::optional<four::FourView>, kFourSeats> views_;
};

}  // namespace

GameRecord play_four_game(const std::array<Player*, kFourSeats>& seats, const GameSetup& setup) {
  return FourReferee(seats, setup).play();
}

}  // namespace junqi::runner
