#pragma once
// What the server asks of a game it hosts, whatever its kind: WebGame (a person against a
// bot in the dark, open and flip games) and FourWebGame (a person in one seat of the
// four-player game, bots in the other three). Every answer is built from the person's own
// view; a request a kind does not serve is an ApiError (409) saying so.

#include <string>

#include <nlohmann/json.hpp>

#include "runner/game/record.h"

namespace junqi::runner::web {

class HostedGame {
 public:
  virtual ~HostedGame() = default;

  virtual const std::string& id() const = 0;
  // Queues the bots' searches when a bot is to move first. Called once the game is held
  // by a shared_ptr (its searches hold one too).
  virtual void start() = 0;
  // Everything the page shows, from the person's view. Thread-safe, like all below.
  virtual nlohmann::json state() = 0;
  // The person's move, in the kind's notation.
  virtual void play(const std::string& move_text) = 0;
  // Takes back the person's last move and every bot move after it.
  virtual void undo() = 0;
  virtual void resign() = 0;
  virtual void offer_draw() = 0;
  virtual void request_hint() = 0;
  virtual nlohmann::json belief(int samples) const = 0;
  // The game record (every deployment): only once the game is over.
  virtual GameRecord record() = 0;
  // Ends any search at once (the server is stopping).
  virtual void stop_searches() = 0;
};

}  // namespace junqi::runner::web
