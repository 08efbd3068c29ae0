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
#include "engine/four/notation.h"
#include "engine/notation.h"
#include "runner/game/four_bot_of.h"
#include "runner/game/text.h"
#include "runner/protocols/jqp_words.h"

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

// "red or blue", "first or second", "south, east, north or west": the seat words of a
// kind, for messages.
std::string seat_words(engine::GameKind kind) {
  std::string words;
  const int seats = jqp::seats_of(kind);
  for (int seat = 0; seat < seats; ++seat)
    words += cat({seat == 0 ? "" : seat + 1 == seats ? " or " : ", ", jqp::seat_word(kind, seat)});
  return words;
}

// "red|blue", "south|east|north|west": the same as a message's placeholder.
std::string seat_choice(engine::GameKind kind) {
  std::string words;
  for (int seat = 0; seat < jqp::seats_of(kind); ++seat) words += cat({seat == 0 ? "" : "|", jqp::seat_word(kind, seat)});
  return words;
}

}  // namespace

JqpEngine::JqpEngine(const search::BotConfig& config, std::istream& in, std::ostream& out, std::ostream& err)
    : JqpEngine(config.name, search::make_bot(config), in, out, err, four_bot_of(config)) {}

JqpEngine::JqpEngine(std::string name, std::unique_ptr<search::Bot> bot, std::istream& in, std::ostream& out,
                     std::ostream& err, std::unique_ptr<search::FourBot> four_bot)
    : name_(std::move(name)), bot_(std::move(bot)), four_bot_(std::move(four_bot)), in_(in), out_(out), err_(err) {}

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
    say("id name junqi-" + name_);
    say("id author the junqi project");
    // Declared only by bots that play the flip or the four-player game, so the others'
    // handshake is unchanged.
    if (bot_->plays_flip() || four_bot_)
      say(cat({"kinds dark open", bot_->plays_flip() ? " flip" : "", four_bot_ ? " four" : ""}));
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
      if (next.kind == engine::GameKind::kFlip && !bot_->plays_flip())
        throw engine::Error("the bot '" + name_ + "' does not play the flip game");
      if (next.kind == engine::GameKind::kFour && !four_bot_)
        throw engine::Error("the bot '" + name_ + "' does not play the four-player game");
      rules_ = next;
    } catch (const engine::Error& e) {
      err_ << "jqp: ignored '" << engine::printable(line) << "': " << e.what() << std::endl;
    }
  } else if (command == "newgame") {
    const auto seat = jqp::seat_of(rules_.kind, rest);
    if (!seat) {
      err_ << "jqp: bad newgame side '" << engine::printable(rest) << "' (expected "
           << seat_words(rules_.kind) << ")" << std::endl;
      return true;
    }
    seat_ = *seat;
    view_ = std::monostate();
    ++games_;
    const uint64_t seed = seed_ ? seed_ * 0x9E3779B97F4A7C15ull + games_
                                : (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
    if (rules_.kind == engine::GameKind::kFour) four_bot_->new_game(engine::four::Seat(seat_), rules_, seed);
    else bot_->new_game(engine::Color(seat_), rules_, seed);
  } else if ((command == "deploy" || command == "setup") && rules_.kind == engine::GameKind::kFlip) {
    err_ << "jqp: ignored '" << engine::printable(line) << "': the flip game has no deployments" << std::endl;
  } else if (command == "deploy") {
    say("deployment " +
        engine::deployment_string(rules_.kind == engine::GameKind::kFour ? four_bot_->deploy() : bot_->deploy()));
  } else if (command == "setup") {
    try {
      // The bot has nothing to remember; just check.
      engine::parse_legal_deployment(rest, rules_.kind == engine::GameKind::kFour ? engine::kRed : engine::Color(seat_));
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

// position <red|blue> <own-deployment> moves <tok>...   the dark and open games
// position <first|second> moves <tok>...                 the flip game
// position <south|east|north|west> <own-deployment> moves <tok>...   the four-player game
void JqpEngine::on_position(const std::string& rest) {
  view_ = std::monostate();
  const std::vector<std::string> w = words_of(rest);
  const bool flip = rules_.kind == engine::GameKind::kFlip;
  const size_t moves_at = flip ? 1 : 2;  // where the word `moves` stands
  try {
    if (w.size() <= moves_at || w[moves_at] != "moves")
      throw engine::Error(flip ? "expected 'position <first|second> moves ...' (the flip game)"
                          : cat({"expected 'position <", seat_choice(rules_.kind), "> <deployment> moves ...'"}));
    const auto seat = jqp::seat_of(rules_.kind, w[0]);
    if (!seat) throw engine::Error("bad side '" + w[0] + "' (expected " + seat_words(rules_.kind) + ")");
    const auto play_history = [&](auto view) {
      for (size_t i = moves_at + 1; i < w.size(); ++i) view.apply(engine::parse_token(w[i]));
      view_ = std::move(view);
    };
    if (flip)
      play_history(engine::FlipView(*seat, rules_));
    else if (rules_.kind == engine::GameKind::kFour) {
      engine::four::FourView view(engine::four::Seat(*seat), engine::parse_deployment(w[1]), rules_);
      for (size_t i = moves_at + 1; i < w.size(); ++i) view.apply(engine::four::parse_token(w[i]));
      view_ = std::move(view);
    } else
      play_history(engine::View(engine::Color(*seat), engine::parse_deployment(w[1]), rules_));
  } catch (const engine::Error& e) {
    err_ << "jqp: bad position: " << engine::printable(e.what()) << std::endl;
  }
}

// go [<own clock's time word> <ms>] [<its increment word> <ms>] [movetime <ms>] [iterations <n>]
// (the clock words: rtime rinc, btime binc, or in the flip game ftime finc, stime sinc)
void JqpEngine::on_go(const std::string& rest) {
  const auto* view = std::get_if<engine::View>(&view_);
  const auto* flip_view = std::get_if<engine::FlipView>(&view_);
  const auto* four_view = std::get_if<engine::four::FourView>(&view_);
  if (!(view && view->our_turn()) && !(flip_view && flip_view->our_turn()) && !(four_view && four_view->our_turn())) {
    err_ << "jqp: go without a valid position where it is our turn; resigning" << std::endl;
    say("bestmove resign");
    return;
  }
  // The position's own kind (dark and open name clocks alike), whatever `rule` came since.
  const engine::GameKind kind = flip_view   ? engine::GameKind::kFlip
                                : four_view ? engine::GameKind::kFour
                                            : engine::GameKind::kDark;
  const jqp::ClockWords clock =
      jqp::clock_words(kind, view ? int(view->side()) : flip_view ? flip_view->player() : int(four_view->seat()));
  search::Limits limits;
  limits.stop = &stop_;
  const std::vector<std::string> w = words_of(rest);
  for (size_t i = 0; i + 1 < w.size(); i += 2) {
    const auto value = to_int(w[i + 1]);
    if (!value) {
      err_ << "jqp: bad go value '" << engine::printable(w[i + 1]) << "'" << std::endl;
      continue;
    }
    if (w[i] == clock.time)
      limits.time_left_ms = *value;
    else if (w[i] == clock.inc)
      limits.increment_ms = *value;
    else if (w[i] == "movetime")
      limits.movetime_ms = *value;
    else if (w[i] == "iterations")
      limits.iterations = *value;
  }
  const engine::Move m = view        ? bot_->choose_move(*view, limits)
                         : flip_view ? bot_->choose_flip_action(*flip_view, limits)
                                     : four_bot_->choose_move(*four_view, limits);
  const search::SearchInfo info = four_view ? four_bot_->last_info() : bot_->last_info();
  if (info.iterations > 0 || info.winrate >= 0) {
    std::string text = "info";
    if (info.iterations > 0) text += " iterations " + std::to_string(info.iterations);
    if (info.winrate >= 0) text += " winrate " + std::to_string(info.winrate);
    say(text);
  }
  say(m == engine::kNullMove ? "bestmove resign"
                              : "bestmove " + (four_view ? engine::four::move_string(m) : engine::move_string(m)));
}

}  // namespace junqi::runner
