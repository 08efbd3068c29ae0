#pragma once
// The bot side of JQP (PROTOCOL.md): `junqi jqp --bot NAME` reads commands from an input
// stream and drives an in-process search::Bot, so the project's own bots can play in any
// runner that speaks JQP, and the runner's JqpPlayer can be tested against a real program.
// The bot only ever sees the View it rebuilds from `position` (a FlipView in the flip game,
// which it plays only if the bot does, and a FourView in the four-player game, played by
// the bot kind's four-seat bot if it has one: junqi's extensions of JQP, docs/protocol.md);
// answers are flushed line by line, problems are reported on the error stream.
//
// Input is read on a thread of its own, so that `stop` and `quit` (and the end of input)
// reach a search in progress: they set the search's stop flag at once, the bestmove goes
// out with what the search has, and `quit` then ends run(). Commands are still handled
// one after another, in order, on the thread that called run().

#include <atomic>
#include <condition_variable>
#include <deque>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>

#include "engine/flip_game.h"
#include "engine/four/view.h"
#include "engine/rules.h"
#include "engine/view.h"
#include "search/bot.h"
#include "search/bot_config.h"
#include "search/four_bot.h"

namespace junqi::runner {

class JqpEngine {
 public:
  // Throws engine::Error for an unknown bot or a bad config.
  JqpEngine(const search::BotConfig& config, std::istream& in, std::ostream& out, std::ostream& err);
  // Any bot, introduced as `id name junqi-<name>` (tests serve bots that are not shipped);
  // four_bot (optional) plays the four-player game.
  JqpEngine(std::string name, std::unique_ptr<search::Bot> bot, std::istream& in, std::ostream& out,
            std::ostream& err, std::unique_ptr<search::FourBot> four_bot = nullptr);
  // Answers commands until `quit` or the end of input; returns the exit status.
  int run();

 private:
  void read_input();  // the reader thread: lines into lines_, stop requests into stop_
  // The next command line, or nullopt once the input is over and every line handled.
  std::optional<std::string> next_line();
  // false on quit.
  bool handle(const std::string& line);
  void say(const std::string& line);
  void on_position(const std::string& rest);
  void on_go(const std::string& rest);

  std::string name_;
  std::unique_ptr<search::Bot> bot_;
  std::unique_ptr<search::FourBot> four_bot_;  // null: no four-player games
  std::istream& in_;
  std::ostream& out_;
  std::ostream& err_;
  engine::Rules rules_;
  int seat_ = 0;  // from `newgame`: 0 is Red, or the first player in the flip game, or South
  // From the last `position`: none when it was bad.
  std::variant<std::monostate, engine::View, engine::FlipView, engine::four::FourView> view_;
  uint64_t seed_ = 0;  // the `seed` option; 0: a fresh random seed every game
  uint64_t games_ = 0;

  std::mutex mutex_;  // guards lines_ and input_over_
  std::condition_variable arrived_;
  std::deque<std::string> lines_;  // read, not yet handled
  bool input_over_ = false;
  // The current search's stop flag (search::Limits::stop): set by the reader on `stop` or
  // `quit` or the end of input, reset when a `go` is taken up with none of them after it.
  std::atomic<bool> stop_{false};
};

}  // namespace junqi::runner
