#pragma once
// One interface for everyone who can play a game: in-process bots, external JQP
// programs, contest programs, a human at a terminal. The referee calls these and never
// waits past the deadline it passes; a player that cannot answer in time, crashes or
// answers garbage reports a Fault instead of throwing.

#include <chrono>
#include <map>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/deployment.h"
#include "engine/flip_game.h"
#include "engine/rules.h"
#include "engine/view.h"
#include "runner/game/time_control.h"
#include "search/bot.h"

namespace junqi::engine::four {
class FourView;
}

namespace junqi::runner {

using SteadyClock = std::chrono::steady_clock;
using Deadline = SteadyClock::time_point;

inline int64_t ms_since(SteadyClock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start).count();
}
inline Deadline after_ms(int64_t ms) { return SteadyClock::now() + std::chrono::milliseconds(ms); }

enum class Fault { kNone, kTime, kCrash, kProtocol };

template <class T>
struct Answer {
  T value{};
  Fault fault = Fault::kNone;
  std::string detail;  // what went wrong, for the record and the log
  bool ok() const { return fault == Fault::kNone; }
};

template <class T>
Answer<T> answer(T value) {
  Answer<T> a;
  a.value = std::move(value);
  return a;
}

template <class T>
Answer<T> failure(Fault fault, std::string detail) {
  Answer<T> a;
  a.fault = fault;
  a.detail = std::move(detail);
  return a;
}

// The reason a record gives for a game lost by a fault: "time", "crash", "protocol".
inline std::string fault_reason(Fault f) {
  switch (f) {
    case Fault::kTime: return "time";
    case Fault::kCrash: return "crash";
    case Fault::kProtocol: return "protocol";
    case Fault::kNone: break;
  }
  return "";
}

struct MoveAnswer {
  std::string move;             // "a6-a7" or "resign", as the player wrote it
  search::SearchInfo info;      // optional report of the search
};

// How the runner starts players that are programs (jqp:..., contest:...).
struct PlayerOptions {
  std::string log_path;       // their stderr and the protocol traffic; empty: stderr to ours, no log
  int64_t startup_ms = 5000;  // start-up and handshake
  // contest: programs run in a fresh temporary directory each (some write files where
  // they stand): these files are copied into it first, and it is removed after the game
  // unless kept (its path is in the log).
  std::vector<std::string> contest_files;
  bool contest_keep_dirs = false;
};

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;
  // What the record keeps about this player besides its name (bot kind and parameters,
  // the command line of a program, ...).
  virtual std::map<std::string, std::string> settings() const { return {}; }
  // Before new_game: the time control of this player's moves in the coming game, and
  // the per-move limit the referee applies when it counts iterations. Only programs that
  // must announce a total up front (a contest bot's START) need it.
  virtual void time_control(const TimeControl&, int64_t /*untimed_move_ms*/) {}
  // A new game, playing `side`. seed: for in-process bots' reproducibility.
  virtual Answer<bool> new_game(engine::Color side, const engine::Rules& rules, uint64_t seed,
                                Deadline deadline) = 0;
  // The player's deployment string; the referee parses and validates it.
  virtual Answer<std::string> deploy(Deadline deadline) = 0;
  // Whether setup() works: a contest bot always deploys itself, so the referee asks it
  // to deploy() even where it would impose a deployment.
  virtual bool accepts_setup() const { return true; }
  // Instead of deploy(): the referee imposes the deployment (paired games).
  virtual Answer<bool> setup(const engine::Deployment& deployment, Deadline deadline) = 0;
  // The player's move for its view. The referee checks syntax and legality.
  virtual Answer<MoveAnswer> go(const engine::View& view, const search::Limits& limits, Deadline deadline) = 0;
  // After every move: the player's view with the move and what it revealed. Programs
  // whose protocol reports a move's outcome at once (a contest bot's RESULT) use it.
  virtual void observe(const engine::View&) {}
  // The flip game (翻棋): new_game's side is then the player index (0 acts first; colours
  // are decided in play), no deployment is asked for, and go_flip and observe_flip take
  // the place of go and observe. Only players whose plays_flip() is true are seated.
  virtual bool plays_flip() const { return false; }
  virtual Answer<MoveAnswer> go_flip(const engine::FlipView&, const search::Limits&, Deadline) {
    return failure<MoveAnswer>(Fault::kProtocol, "does not play the flip game");
  }
  virtual void observe_flip(const engine::FlipView&) {}
  // The four-player game (四国): new_four_game takes the place of new_game (the player
  // takes seat 0-3 = South, East, North, West), go_four and observe_four of go and
  // observe, with the seat's own FourView; deploy and setup are as ever (a deployment in
  // the seat's own frame). Only players whose plays_four() is true are seated.
  virtual bool plays_four() const { return false; }
  virtual Answer<bool> new_four_game(int /*seat*/, const engine::Rules&, uint64_t /*seed*/, Deadline) {
    return failure<bool>(Fault::kProtocol, "does not play the four-player game");
  }
  virtual Answer<MoveAnswer> go_four(const engine::four::FourView&, const search::Limits&, Deadline) {
    return failure<MoveAnswer>(Fault::kProtocol, "does not play the four-player game");
  }
  virtual void observe_four(const engine::four::FourView&) {}
  // Games with a person at the board (GameSetup::takebacks_and_draw_offers): whether this
  // player can go on after moves are taken back (it is asked with a view whose history is
  // shorter than before), and whether it accepts the opponent's draw offer now.
  virtual bool can_take_back() const { return false; }
  virtual bool accepts_draw() const { return false; }
  // The game is over (result text "1-0" etc. and reason); processes may be stopped.
  virtual void game_over(const std::string& result, const std::string& reason) = 0;
};

}  // namespace junqi::runner
