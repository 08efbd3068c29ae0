#include "runner/protocols/contest_engine.h"

#include <chrono>
#include <iostream>
#include <random>

#include "engine/deployment.h"
#include "engine/error.h"
#include "runner/protocols/contest_protocol.h"
#include "runner/game/text.h"

namespace junqi::runner {

ContestEngine::ContestEngine(const search::BotConfig& config, const engine::Rules& rules, uint64_t seed,
                             std::istream& in, std::ostream& out, std::ostream& err)
    : config_(config),
      bot_(search::make_bot(config)),
      rules_(rules),
      seed_(seed),
      in_(in),
      out_(out),
      err_(err) {
  if (rules_.kind != engine::GameKind::kDark)
    throw engine::Error("contest: the contest protocol plays the dark game only (rule kind = dark)");
  if (seed_ == 0) seed_ = (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
}

int ContestEngine::run() {
  for (std::string line; std::getline(in_, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::string word = line.substr(0, line.find(' '));
    try {
      if (word == "INFO")
        say(cat({"NAME junqi-", config_.name}));
      else if (word == "START")
        on_start(line);
      else if (word == "GO")
        on_go(line);
      else if (word == "RESULT")
        on_result(line);
      else if (word == "END")
        break;
      else if (!line.empty())
        err_ << "contest: unknown message ignored: " << engine::printable(line) << std::endl;
    } catch (const std::exception& e) {  // a bad message, or a view the bot cannot follow
      err_ << e.what() << std::endl;
      failed_ = true;
      if (word == "GO") say("BESTMOVE 0000");  // an answer all the same: the referee must not wait
    }
  }
  report_view();
  return failed_ ? 1 : 0;
}

void ContestEngine::report_view() {
  if (!view_) return;
  std::string line =
      cat({"contest: the game as seen: position ", view_->side() == engine::kRed ? "red " : "blue ",
           engine::deployment_string(view_->own_deployment()), " moves"});
  for (const engine::Token& t : view_->history()) {
    line += ' ';
    line += engine::token_string(t);
  }
  err_ << line << std::endl;
}

void ContestEngine::say(const std::string& line) { out_ << line << std::endl; }

void ContestEngine::on_start(const std::string& line) {
  const contest::Start start = contest::parse_start(line);
  side_ = start.first ? engine::kRed : engine::kBlue;
  total_ms_ = int64_t(start.total_seconds) * 1000;
  used_ms_ = 0;
  pending_ = engine::kNullMove;
  flag_known_ = false;
  bot_->new_game(side_, rules_, seed_);
  const engine::Deployment d = bot_->deploy();
  view_.emplace(side_, d, rules_);
  say(contest::array_line(d));
}

void ContestEngine::learn_flag(const std::optional<engine::Square>& flag) {
  if (!flag) return;
  // FF names the flag in every message once it is known, RESULT included after our piece
  // took it there (the game is over then): only the first naming is news.
  if (flag_known_) return;
  view_->apply(engine::Token::of_reveal(engine::make_piece(~side_, engine::kFlag), *flag));
  flag_known_ = true;
}

void ContestEngine::on_go(const std::string& line) {
  const auto start = std::chrono::steady_clock::now();
  if (!view_) throw engine::Error("contest: GO before START");
  if (pending_ != engine::kNullMove) throw engine::Error("contest: GO before the RESULT of our last move");
  const contest::Report r = contest::parse_go(line, side_);
  if (r.move != engine::kNullMove) view_->apply(engine::Token::of_move(r.move, r.outcome));
  learn_flag(r.enemy_flag);
  if (!view_->our_turn()) throw engine::Error(cat({"contest: '", line, "' does not leave us to move"}));
  search::Limits limits;
  limits.time_left_ms = std::max<int64_t>(1, total_ms_ - used_ms_);
  const engine::Move m = bot_->choose_move(*view_, limits);
  pending_ = m;
  say(contest::bestmove_line(m, side_));
  used_ms_ +=
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
}

void ContestEngine::on_result(const std::string& line) {
  if (!view_ || pending_ == engine::kNullMove) throw engine::Error("contest: RESULT without a move of ours");
  const contest::Report r = contest::parse_result(line, side_);
  const engine::Move m = pending_;
  pending_ = engine::kNullMove;
  view_->apply(engine::Token::of_move(m, r.outcome));
  learn_flag(r.enemy_flag);
}

}  // namespace junqi::runner
