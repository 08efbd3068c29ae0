#include "runner/protocols/jqp_engine.h"

#include <algorithm>
#include <charconv>
#include <iostream>
#include <random>
#include <sstream>
#include <thread>
#include <vector>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/notation.h"

namespace junqi::runner {
namespace {

std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::optional<int64_t> to_int(const std::string& text) {
  int64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return n;
}

std::string command_of(const std::string& line) { return line.substr(0, line.find(' ')); }

// Lines that must reach a search in progress at once.
bool ends_search(const std::string& line) {
  const std::string command = command_of(line);
  return command == "stop" || command == "quit";
}

std::optional<engine::Color> to_side(const std::string& text) {
  if (text == "red") return engine::kRed;
  if (text == "blue") return engine::kBlue;
  return std::nullopt;
}

}  // namespace

JqpEngine::JqpEngine(const search::BotConfig& config, std::istream& in, std::ostream& out, std::ostream& err)
    : config_(config), bot_(search::make_bot(config)), in_(in), out_(out), err_(err) {}

int JqpEngine::run() {
  std::thread reader([this] { read_input(); });
  while (const auto line = next_line())
    if (!handle(*line)) break;
  reader.join();  // it stops reading at `quit`, as this loop does, or at the end of input
  return 0;
}

void JqpEngine::read_input() {
  for (std::string line; std::getline(in_, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const bool quit = command_of(line) == "quit";
    {
      std::lock_guard lock(mutex_);
      if (ends_search(line)) stop_ = true;
      lines_.push_back(std::move(line));
    }
    arrived_.notify_one();
    if (quit) return;  // nothing after it is read: the program ends
  }
  {
    std::lock_guard lock(mutex_);
    input_over_ = true;
    stop_ = true;  // the end of input is a quit
  }
  arrived_.notify_one();
}

std::optional<std::string> JqpEngine::next_line() {
  std::unique_lock lock(mutex_);
  arrived_.wait(lock, [this] { return !lines_.empty() || input_over_; });
  if (lines_.empty()) return std::nullopt;
  std::string line = std::move(lines_.front());
  lines_.pop_front();
  // A `stop` read while an earlier search ran set the flag for that one; this search stops
  // at once only if a stop, a quit or the end of input already follows it.
  if (command_of(line) == "go")
    stop_ = input_over_ || std::any_of(lines_.begin(), lines_.end(), ends_search);
  return line;
}

void JqpEngine::say(const std::string& line) { out_ << line << std::endl; }

bool JqpEngine::handle(const std::string& line) {
  const size_t space = line.find(' ');
  const std::string command = line.substr(0, space);
  const std::string rest = space == std::string::npos ? "" : line.substr(space + 1);
  if (command == "jqp") {
    say("id name junqi-" + config_.name);
    say("id author the junqi project");
    say("option name seed type spin default 0 min 0 max 2147483647");
    say("jqpok");
  } else if (command == "isready") {
    say("readyok");
  } else if (command == "setoption") {
    const std::vector<std::string> w = words_of(rest);  // name <id> value <v>
    if (w.size() == 4 && w[0] == "name" && w[1] == "seed" && w[2] == "value" && to_int(w[3]) &&
        *to_int(w[3]) >= 0)
      seed_ = uint64_t(*to_int(w[3]));
    else
      err_ << "jqp: ignored option: " << engine::printable(line) << std::endl;
  } else if (command == "rule") {
    const std::vector<std::string> w = words_of(rest);
    try {
      if (w.size() != 2) throw engine::Error("expected 'rule <key> <value>'");
      engine::Rules next = rules_;
      next.set(w[0], w[1]);
      if (next.kind == engine::GameKind::kFlip) throw engine::Error("this engine plays the dark and open games only");
      rules_ = next;
    } catch (const engine::Error& e) {
      err_ << "jqp: ignored '" << engine::printable(line) << "': " << e.what() << std::endl;
    }
  } else if (command == "newgame") {
    const auto side = to_side(rest);
    if (!side) {
      err_ << "jqp: bad newgame side '" << engine::printable(rest) << "'" << std::endl;
      return true;
    }
    side_ = *side;
    view_.reset();
    ++games_;
    const uint64_t seed = seed_ ? seed_ * 0x9E3779B97F4A7C15ull + games_
                                : (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
    bot_->new_game(side_, rules_, seed);
  } else if (command == "deploy") {
    say("deployment " + engine::deployment_string(bot_->deploy()));
  } else if (command == "setup") {
    try {
      engine::parse_legal_deployment(rest, side_);  // the bot has nothing to remember; just check
    } catch (const engine::Error& e) {
      err_ << "jqp: bad setup: " << e.what() << std::endl;
    }
  } else if (command == "position") {
    on_position(rest);
  } else if (command == "go") {
    on_go(rest);
  } else if (command == "stop") {
    // The reader set the stop flag when it read the line; the bestmove has gone out.
  } else if (command == "quit") {
    return false;
  } else if (!command.empty()) {
    err_ << "jqp: unknown command ignored: " << engine::printable(line) << std::endl;
  }
  return true;
}

// position <red|blue> <own-deployment> moves <tok>...
void JqpEngine::on_position(const std::string& rest) {
  view_.reset();
  const std::vector<std::string> w = words_of(rest);
  try {
    if (w.size() < 3 || w[2] != "moves")
      throw engine::Error("expected 'position <red|blue> <deployment> moves ...'");
    const auto side = to_side(w[0]);
    if (!side) throw engine::Error("bad side '" + w[0] + "'");
    engine::View view(*side, engine::parse_deployment(w[1]), rules_);
    for (size_t i = 3; i < w.size(); ++i) view.apply(engine::parse_token(w[i]));
    view_.emplace(std::move(view));
  } catch (const engine::Error& e) {
    err_ << "jqp: bad position: " << e.what() << std::endl;
  }
}

// go [rtime <ms>] [btime <ms>] [rinc <ms>] [binc <ms>] [movetime <ms>] [iterations <n>]
void JqpEngine::on_go(const std::string& rest) {
  if (!view_ || !view_->our_turn()) {
    err_ << "jqp: go without a valid position where it is our turn; resigning" << std::endl;
    say("bestmove resign");
    return;
  }
  const bool red = view_->side() == engine::kRed;
  search::Limits limits;
  limits.stop = &stop_;
  const std::vector<std::string> w = words_of(rest);
  for (size_t i = 0; i + 1 < w.size(); i += 2) {
    const auto value = to_int(w[i + 1]);
    if (!value) {
      err_ << "jqp: bad go value '" << engine::printable(w[i + 1]) << "'" << std::endl;
      continue;
    }
    if (w[i] == (red ? "rtime" : "btime"))
      limits.time_left_ms = *value;
    else if (w[i] == (red ? "rinc" : "binc"))
      limits.increment_ms = *value;
    else if (w[i] == "movetime")
      limits.movetime_ms = *value;
    else if (w[i] == "iterations")
      limits.iterations = *value;
  }
  const engine::Move m = bot_->choose_move(*view_, limits);
  const search::SearchInfo info = bot_->last_info();
  if (info.iterations > 0 || info.winrate >= 0) {
    std::string text = "info";
    if (info.iterations > 0) text += " iterations " + std::to_string(info.iterations);
    if (info.winrate >= 0) text += " winrate " + std::to_string(info.winrate);
    say(text);
  }
  say(m == engine::kNullMove ? "bestmove resign" : "bestmove " + engine::move_string(m));
}

}  // namespace junqi::runner
