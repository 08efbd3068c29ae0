#include "runner/players/jqp_player.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <sstream>

#include "engine/error.h"
#include "engine/four/notation.h"
#include "engine/four/view.h"
#include "engine/notation.h"
#include "runner/game/text.h"
#include "runner/protocols/jqp_words.h"

namespace junqi::runner {
namespace {

using std::chrono::milliseconds;

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> out;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// The fields of an `info` line the referee keeps: iterations and winrate.
void parse_info(std::string_view rest, search::SearchInfo& info) {
  const std::vector<std::string> w = words_of(rest);
  for (size_t i = 0; i + 1 < w.size(); ++i) {
    if (w[i] == "pv" || w[i] == "string") break;  // the rest is free text
    if (w[i] == "iterations") {
      int64_t n = 0;
      const auto [end, ec] = std::from_chars(w[i + 1].data(), w[i + 1].data() + w[i + 1].size(), n);
      if (ec == std::errc() && end == w[i + 1].data() + w[i + 1].size()) info.iterations = n;
      ++i;
    } else if (w[i] == "winrate") {
      char* end = nullptr;
      const double v = std::strtod(w[i + 1].c_str(), &end);
      if (end && *end == '\0' && v >= 0 && v <= 1) info.winrate = v;
      ++i;
    }
  }
  info.text = std::string(rest);
}

}  // namespace

JqpPlayer::JqpPlayer(std::string command_line, PlayerOptions options)
    : command_(std::move(command_line)),
      options_(std::move(options)),
      link_("jqp", options_.log_path),
      process_(link_.process()),
      name_(command_) {
  launched_ = launch(SteadyClock::now() + milliseconds(options_.startup_ms));
}

JqpPlayer::~JqpPlayer() { process_.terminate("quit", std::chrono::seconds(1)); }

template <class T>
Answer<T> JqpPlayer::checked(Answer<T> a) {
  // After a protocol fault the bot's state is unknown (it may still be writing the rest
  // of what broke the protocol, or never read our last line): the next game gets a fresh
  // process rather than a sync that would lose it on `readyok` as well.
  if (a.fault == Fault::kCrash || a.fault == Fault::kProtocol) ready_ = false;
  return a;
}

Answer<bool> JqpPlayer::send(const std::string& line, Deadline deadline) {
  return checked(link_.send(line, deadline));
}

Answer<std::string> JqpPlayer::await(std::string_view keyword, Deadline deadline, Others others) {
  const std::string awaited = cat({"'", keyword, "'"});
  while (true) {
    const Answer<LineRead> read = checked(link_.receive(awaited, deadline));
    if (!read.ok()) return failure<std::string>(read.fault, read.detail);
    const LineRead& r = read.value;
    const size_t space = r.line.find(' ');
    const std::string_view word = std::string_view(r.line).substr(0, space);
    const std::string_view rest =
        space == std::string::npos ? "" : std::string_view(r.line).substr(space + 1);
    if (word == keyword) {
      if (r.truncated)
        return checked(failure<std::string>(Fault::kProtocol, "over-long '" + std::string(keyword) + "' line"));
      return answer(std::string(rest));
    }
    if (others == Others::kIgnore || r.line.empty()) continue;
    if (word == "info" && !r.truncated) {
      parse_info(rest, last_info_);
      continue;
    }
    std::string detail = "expected '";
    detail += keyword;
    detail += "', got ";
    detail += quoted(r.line);
    if (r.truncated) detail += " (a line over " + std::to_string(Process::kMaxLine) + " bytes)";
    return checked(failure<std::string>(Fault::kProtocol, detail));
  }
}

Answer<bool> JqpPlayer::launch(Deadline deadline) {
  ready_ = false;
  bot_options_.clear();
  bool plays_flip = false, plays_four = false;
  if (auto a = link_.start(command_); !a.ok()) return a;
  if (auto a = send("jqp", deadline); !a.ok()) return a;
  while (true) {
    const Answer<LineRead> read = link_.receive("'jqpok'", deadline);
    if (read.fault == Fault::kTime) {
      process_.terminate("", milliseconds(0));
      return failure<bool>(Fault::kProtocol, "no handshake: 'jqpok' did not come within " +
                                                 std::to_string(options_.startup_ms) + " ms of 'jqp'");
    }
    if (!read.ok()) return failure<bool>(read.fault, read.detail);
    const LineRead& r = read.value;
    const std::vector<std::string> w = words_of(r.line);
    if (w.empty()) continue;
    if (w[0] == "jqpok") break;
    if (w[0] == "option") bot_options_.push_back(r.line);
    if (w[0] == "id" && w.size() >= 3 && w[1] == "name") name_ = r.line.substr(r.line.find("name") + 5);
    if (w[0] == "kinds") {
      plays_flip = std::find(w.begin() + 1, w.end(), "flip") != w.end();
      plays_four = std::find(w.begin() + 1, w.end(), "four") != w.end();
    }
    // Anything else before jqpok (a banner, say) is logged and ignored.
  }
  plays_flip_ = plays_flip;
  plays_four_ = plays_four;
  ready_ = true;
  return answer(true);
}

Answer<bool> JqpPlayer::sync(Deadline deadline) {
  if (auto a = send("isready", deadline); !a.ok()) return a;
  const auto a = await("readyok", deadline, Others::kIgnore);  // drains what came before
  if (!a.ok()) return failure<bool>(a.fault, a.detail);
  return answer(true);
}

Answer<bool> JqpPlayer::new_game(engine::Color side, const engine::Rules& rules, uint64_t, Deadline deadline) {
  return start_game(int(side), rules, deadline);
}

Answer<bool> JqpPlayer::new_four_game(int seat, const engine::Rules& rules, uint64_t, Deadline deadline) {
  return start_game(seat, rules, deadline);
}

Answer<bool> JqpPlayer::start_game(int seat, const engine::Rules& rules, Deadline deadline) {
  if (!launched_.ok()) {  // the constructor's start-up failed: that is this game's fault
    Answer<bool> a = std::move(launched_);
    launched_ = answer(true);
    return a;
  }
  if (ready_ && stalled_) {
    // The last search ran out of time. A bot that is not back within a second is hung:
    // restart it rather than lose every game that follows.
    const Deadline soon = std::min(deadline, SteadyClock::now() + std::chrono::seconds(1));
    if (!sync(soon).ok()) {
      link_.log('*', "restarting: no readyok after a search that ran out of time");
      process_.terminate("", milliseconds(0));
      ready_ = false;
    }
  }
  stalled_ = false;
  if (!ready_) process_.terminate("", milliseconds(0));  // a bot that broke the protocol gets no grace
  if (!ready_ || !process_.running())
    if (auto a = launch(deadline); !a.ok()) return a;
  if (rules.kind == engine::GameKind::kFlip && !*plays_flip_)  // the program changed since it was seated
    return failure<bool>(Fault::kProtocol,
                         "does not play the flip game (its handshake has no 'kinds ... flip')");
  if (rules.kind == engine::GameKind::kFour && !*plays_four_)
    return failure<bool>(Fault::kProtocol,
                         "does not play the four-player game (its handshake has no 'kinds ... four')");
  for (const auto& [key, value] : rules.entries())
    if (auto a = send("rule " + key + " " + value, deadline); !a.ok()) return a;
  if (auto a = send(cat({"newgame ", jqp::seat_word(rules.kind, seat)}), deadline); !a.ok()) return a;
  return sync(deadline);
}

// Until a handshake has come (the program could not be started, or did not answer in time)
// nobody knows; new_game then reports that failure as the game's result, as it does in a
// dark game, rather than the referee refusing the program.
bool JqpPlayer::plays_flip() const { return plays_flip_.value_or(true); }
bool JqpPlayer::plays_four() const { return plays_four_.value_or(true); }

Answer<std::string> JqpPlayer::deploy(Deadline deadline) {
  if (auto a = send("deploy time " + std::to_string(ms_left(deadline)), deadline); !a.ok())
    return failure<std::string>(a.fault, a.detail);
  const auto a = await("deployment", deadline, Others::kFault);
  if (!a.ok()) return a;
  const std::vector<std::string> w = words_of(a.value);
  if (w.size() != 1)
    return checked(failure<std::string>(Fault::kProtocol, "expected 'deployment <deployment-string>', got " +
                                                              quoted("deployment " + a.value)));
  return answer(w[0]);
}

Answer<bool> JqpPlayer::setup(const engine::Deployment& deployment, Deadline deadline) {
  return send("setup " + engine::deployment_string(deployment), deadline);
}

Answer<MoveAnswer> JqpPlayer::go(const engine::View& view, const search::Limits& limits, Deadline deadline) {
  const engine::GameKind kind = view.rules().kind;
  return think(cat({"position ", jqp::seat_word(kind, view.side()), " ",
                    engine::deployment_string(view.own_deployment())}),
               view.history(), kind, view.side(), limits, deadline);
}

Answer<MoveAnswer> JqpPlayer::go_flip(const engine::FlipView& view, const search::Limits& limits,
                                      Deadline deadline) {
  constexpr engine::GameKind kFlip = engine::GameKind::kFlip;
  return think(cat({"position ", jqp::seat_word(kFlip, view.player())}), view.history(), kFlip, view.player(),
               limits, deadline);
}

Answer<MoveAnswer> JqpPlayer::go_four(const engine::four::FourView& view, const search::Limits& limits,
                                      Deadline deadline) {
  constexpr engine::GameKind kFour = engine::GameKind::kFour;
  return think(cat({"position ", jqp::seat_word(kFour, view.seat()), " ", engine::deployment_string(view.own_deployment())}),
               view.history(), kFour, view.seat(), limits, deadline);
}

namespace {

std::string token_text(const engine::Token& t) { return engine::token_string(t); }
std::string token_text(const engine::four::Token& t) { return engine::four::token_string(t); }

}  // namespace

template <class Token>
Answer<MoveAnswer> JqpPlayer::think(std::string head, const std::vector<Token>& history, engine::GameKind kind,
                                    int seat, const search::Limits& limits, Deadline deadline) {
  std::string position = std::move(head);
  position += " moves";
  for (const Token& t : history) {
    position += ' ';
    position += token_text(t);
  }
  if (auto a = send(position, deadline); !a.ok()) return failure<MoveAnswer>(a.fault, a.detail);

  std::string go = "go";
  auto field = [&go](std::string_view key, int64_t value) {
    go += ' ';
    go += key;
    go += ' ';
    go += std::to_string(std::max<int64_t>(0, value));
  };
  // The referee hands a player its own clock only; that is what the bot is told.
  if (limits.time_left_ms != 0 || limits.increment_ms != 0) {
    const jqp::ClockWords clock = jqp::clock_words(kind, seat);
    field(clock.time, limits.time_left_ms);
    field(clock.inc, limits.increment_ms);
  }
  if (limits.movetime_ms > 0) field("movetime", limits.movetime_ms);
  if (limits.iterations > 0) field("iterations", limits.iterations);
  const int64_t allowed = ms_left(deadline);
  last_info_ = {};
  if (auto a = send(go, deadline); !a.ok()) return failure<MoveAnswer>(a.fault, a.detail);

  const auto a = await("bestmove", deadline, Others::kFault);
  if (a.fault == Fault::kTime) {
    send("stop", SteadyClock::now() + milliseconds(50));
    stalled_ = true;
    return failure<MoveAnswer>(Fault::kTime, "no bestmove within " + std::to_string(allowed) + " ms");
  }
  if (!a.ok()) return failure<MoveAnswer>(a.fault, a.detail);
  const std::vector<std::string> w = words_of(a.value);
  if (w.size() != 1)
    return checked(failure<MoveAnswer>(
        Fault::kProtocol,
        cat({"expected 'bestmove <from>-<to>'",
             kind == engine::GameKind::kFlip ? ", 'bestmove <square>^'" : "", " or 'bestmove resign', got ",
             quoted("bestmove " + a.value)})));
  if (w[0] != "resign") {
    try {
      if (kind == engine::GameKind::kFour) engine::four::parse_move(w[0]);
      else engine::parse_move(w[0]);
    } catch (const engine::Error& e) {
      return checked(failure<MoveAnswer>(Fault::kProtocol, e.what()));
    }
  }
  return answer(MoveAnswer{w[0], last_info_});
}

void JqpPlayer::game_over(const std::string& result, const std::string& reason) {
  link_.log('*', cat({"game over: ", result, " ", reason}));  // the process stays up for the next game
}

}  // namespace junqi::runner
