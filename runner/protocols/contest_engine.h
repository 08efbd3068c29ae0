#pragma once
// The bot side of the contest protocol (runner/protocols/contest_protocol.h): `junqi contest --bot
// NAME` answers a contest referee on stdin/stdout with an in-process search::Bot, so the
// project's engine can enter the contest. It rebuilds its side's engine::View from the
// messages (its own ARRAY; each GO's opponent move and RESULT's own move with their fight
// outcomes; the enemy flag once FF names it), which is all the bot's belief is fed from.
// The contest gives no clock, only START's total: the engine keeps its own and hands the
// bot what is left. One game per process, as contest referees expect; END ends it.

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "engine/rules.h"
#include "engine/view.h"
#include "search/bot.h"
#include "search/bot_config.h"

namespace junqi::runner {

class ContestEngine {
 public:
  // seed 0: a fresh random seed. Throws engine::Error for an unknown bot or bad config.
  ContestEngine(const search::BotConfig& config, const engine::Rules& rules, uint64_t seed, std::istream& in,
                std::ostream& out, std::ostream& err);
  // Answers messages until END or the end of input, then reports the game as it saw it
  // on the error stream; 0, or 1 if a message could not be followed (the error is on the
  // error stream).
  int run();

 private:
  void say(const std::string& line);
  void on_start(const std::string& line);
  void on_go(const std::string& line);
  void on_result(const std::string& line);
  void learn_flag(const std::optional<engine::Square>& flag);
  // At the end, the game as the bot saw it on the error stream, in JQP's `position` form
  // (PROTOCOL.md): a record of what the messages told it, for logs and tests.
  void report_view();

  search::BotConfig config_;
  std::unique_ptr<search::Bot> bot_;
  engine::Rules rules_;
  uint64_t seed_;
  std::istream& in_;
  std::ostream& out_;
  std::ostream& err_;
  engine::Color side_ = engine::kRed;
  std::optional<engine::View> view_;
  engine::Move pending_ = engine::kNullMove;  // our move whose RESULT is due
  int64_t total_ms_ = 0, used_ms_ = 0;        // START's total and what our moves took
  bool flag_known_ = false;                   // FF has named the enemy flag
  bool failed_ = false;
};

}  // namespace junqi::runner
