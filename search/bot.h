#pragma once
// The interface every in-process bot implements. A bot's only input about the game is
// an engine::View, the information its side may see; nothing in search/ can reach the
// referee's true position (this library does not link the runner).

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/flip_game.h"
#include "engine/rules.h"
#include "engine/view.h"

namespace junqi::search {

// What the referee allows for one move; 0 means "not limited this way".
struct Limits {
  int64_t movetime_ms = 0;    // fixed time for this move
  int64_t time_left_ms = 0;   // own clock
  int64_t increment_ms = 0;   // own increment
  int64_t iterations = 0;     // search budget (in-process time control)
  // Set by another thread to end the search at once (JQP `stop` and `quit`); the bot
  // still answers, with the best it has found so far. Null: nobody will stop it.
  const std::atomic<bool>* stop = nullptr;
};

// Whether a Limits::stop flag (which may be null) has been set.
inline bool stop_requested(const std::atomic<bool>* stop) {
  return stop && stop->load(std::memory_order_relaxed);
}

// Optional report of the last search, shown to a human watching and logged.
struct SearchInfo {
  int64_t iterations = 0;
  double winrate = -1;  // < 0: not reported
  std::string text;
};

class Bot {
 public:
  virtual ~Bot() = default;
  // A new game: forget the last one. `seed` makes the bot's choices reproducible.
  virtual void new_game(engine::Color side, const engine::Rules& rules, uint64_t seed) = 0;
  virtual engine::Deployment deploy() = 0;
  // A legal move for view (it is our turn), or kNullMove to resign.
  virtual engine::Move choose_move(const engine::View& view, const Limits& limits) = 0;
  // The flip game (翻棋): new_game's side is then the player index (0 acts first; the
  // colours are decided in play) and deploy() is never called. An action for `view` (a
  // flip or a move; it is our turn), or kNullMove to resign. Only bots whose plays_flip()
  // is true are seated in flip games; the default refuses.
  virtual bool plays_flip() const { return false; }
  virtual engine::Move choose_flip_action(const engine::FlipView& /*view*/, const Limits& /*limits*/) {
    throw engine::Error("this bot does not play the flip game");
  }
  virtual SearchInfo last_info() const { return {}; }
  // The game is over (dark and open games): `final_view` is this side's view after the
  // last move, what the bot may learn from for the next games against the same opponent.
  virtual void game_over(const engine::View& /*final_view*/) {}
};

}  // namespace junqi::search
