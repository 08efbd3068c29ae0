#pragma once
// The bot side of JQP (PROTOCOL.md): `junqi jqp --bot NAME` reads commands from an input
// stream and drives an in-process search::Bot, so the project's own bots can play in any
// runner that speaks JQP, and the runner's JqpPlayer can be tested against a real program.
// The bot only ever sees the View it rebuilds from `position`; answers are flushed line by
// line, problems are reported on the error stream.

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "engine/rules.h"
#include "engine/view.h"
#include "search/bot.h"
#include "search/bot_config.h"

namespace junqi::runner {

class JqpEngine {
 public:
  // Throws engine::Error for an unknown bot or a bad config.
  JqpEngine(const search::BotConfig& config, std::istream& in, std::ostream& out, std::ostream& err);
  // Answers commands until `quit` or the end of input; returns the exit status.
  int run();

 private:
  // false on quit.
  bool handle(const std::string& line);
  void say(const std::string& line);
  void on_position(const std::string& rest);
  void on_go(const std::string& rest);

  search::BotConfig config_;
  std::unique_ptr<search::Bot> bot_;
  std::istream& in_;
  std::ostream& out_;
  std::ostream& err_;
  engine::Rules rules_;
  engine::Color side_ = engine::kRed;
  std::optional<engine::View> view_;
  uint64_t seed_ = 0;  // the `seed` option; 0: a fresh random seed every game
  uint64_t games_ = 0;
};

}  // namespace junqi::runner
