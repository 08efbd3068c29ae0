#include "runner/players/contest_player.h"

#include <stdlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <system_error>

#include "engine/error.h"
#include "engine/notation.h"
#include "runner/protocols/contest_protocol.h"
#include "runner/protocols/fatal_cleanup.h"
#include "runner/game/text.h"

namespace junqi::runner {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

// How long a bot may take to exit after END; one that has faulted is killed at once.
constexpr milliseconds kEndGrace{500};

std::string shell_quoted(const std::string& text) {
  std::string q = "'";
  for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  q += "'";
  return q;
}

// The program runs in its own directory, so a relative program path given as the first
// word (`./bot --x`, `bin/bot`) is made absolute from ours. Quoted or assigned words
// (`VAR=1 bot`) are left as they are.
std::string with_absolute_program(const std::string& command) {
  const size_t b = command.find_first_not_of(" \t");
  if (b == std::string::npos) return command;
  const size_t e = command.find_first_of(" \t", b);
  const std::string word = command.substr(b, e == std::string::npos ? std::string::npos : e - b);
  if (word.find('/') == std::string::npos || word[0] == '/' ||
      word.find_first_of("'\"\\$`=~") != std::string::npos)
    return command;
  std::string out = command.substr(0, b);
  out += shell_quoted((fs::current_path() / word).lexically_normal().string());
  if (e != std::string::npos) out += command.substr(e);
  return out;
}

// A new empty directory under the system's temporary directory.
std::optional<fs::path> make_temp_dir(std::string& error) {
  std::error_code ec;
  const fs::path base = fs::temp_directory_path(ec);
  std::string pattern = ((ec ? fs::path("/tmp") : base) / "junqi-contest-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    error = cat({"cannot make a temporary directory from '", pattern, "': ", std::strerror(errno)});
    return std::nullopt;
  }
  return fs::path(pattern);
}

}  // namespace

void check_contest_files(const std::vector<std::string>& files) {
  for (const std::string& file : files) {
    std::error_code ec;
    if (fs::is_directory(file, ec))
      throw engine::Error(cat({"contest: '", file,
                               "' is a directory: only files are copied into a contest bot's directory "
                               "(name each file to copy)"}));
    if (!fs::exists(file, ec)) throw engine::Error(cat({"contest: the file to copy '", file, "' does not exist"}));
  }
}

int ContestPlayer::total_seconds(const TimeControl& tc, int64_t untimed_move_ms) {
  constexpr int64_t kPacedMoves = 30;
  int64_t ms = untimed_move_ms * kPacedMoves;
  if (tc.kind == TimeControl::Kind::kClock) ms = tc.base_ms;
  if (tc.kind == TimeControl::Kind::kMoveTime) ms = tc.movetime_ms * kPacedMoves;
  return int(std::clamp<int64_t>(ms / 1000, 1, 9999));
}

ContestPlayer::ContestPlayer(std::string command_line, PlayerOptions options)
    : command_(with_absolute_program(command_line)),
      options_(std::move(options)),
      link_("contest", options_.log_path),
      name_(command_line) {
  check_contest_files(options_.contest_files);
  for (std::string& file : options_.contest_files) file = fs::absolute(file).lexically_normal().string();
  total_seconds_ = total_seconds(TimeControl{}, 60000);
  launched_ = launch(SteadyClock::now() + milliseconds(options_.startup_ms));
  named_ = true;  // records name the player from the start: a later process cannot rename it
}

ContestPlayer::~ContestPlayer() { stop(); }

void ContestPlayer::time_control(const TimeControl& tc, int64_t untimed_move_ms) {
  total_seconds_ = total_seconds(tc, untimed_move_ms);
}

template <class T>
Answer<T> ContestPlayer::protocol_fault(const std::string& detail) {
  faulted_ = true;
  link_.log('*', detail);
  return failure<T>(Fault::kProtocol, detail);
}

Answer<LineRead> ContestPlayer::receive(std::string_view awaited, Deadline deadline) {
  while (true) {
    Answer<LineRead> r = link_.receive(awaited, deadline);
    if (r.fault == Fault::kTime || r.fault == Fault::kProtocol) faulted_ = true;
    if (!r.ok() || !trimmed(r.value.line).empty()) return r;  // blank lines are no message
  }
}

Answer<bool> ContestPlayer::launch(Deadline deadline) {
  stop();
  fresh_ = false;
  std::string error;
  dir_ = make_temp_dir(error);
  if (!dir_) return failure<bool>(Fault::kCrash, error);
  if (!options_.contest_keep_dirs) fatal_cleanup::add_dir(dir_->string());  // removed even on Ctrl-C
  for (const std::string& file : options_.contest_files) {
    std::error_code ec;
    fs::copy(file, *dir_ / fs::path(file).filename(), fs::copy_options::overwrite_existing, ec);
    if (ec)
      return failure<bool>(Fault::kCrash,
                           cat({"cannot copy '", file, "' into ", dir_->string(), ": ", ec.message()}));
  }
  if (auto a = link_.start(command_, dir_->string()); !a.ok()) return a;
  if (auto a = link_.send("INFO 1.0", deadline); !a.ok()) return a;
  const Answer<LineRead> r = receive("answer to INFO", deadline);
  if (r.fault == Fault::kTime)
    return protocol_fault<bool>(
        cat({"no answer to 'INFO 1.0' within ", std::to_string(options_.startup_ms), " ms"}));
  if (!r.ok()) return failure<bool>(r.fault, r.detail);
  // The first process names the player; records keep that name for every game.
  if (!named_) {
    const std::string name = contest::parse_name(r.value.line);
    if (!name.empty() && !r.value.truncated) name_ = name;
  }
  fresh_ = true;
  return answer(true);
}

void ContestPlayer::stop() {
  if (link_.process().running()) {
    link_.send("END", SteadyClock::now() + milliseconds(50));
    link_.process().terminate("", faulted_ ? milliseconds(0) : kEndGrace);
    link_.log('*', cat({"stopped after END", link_.process().exit_text()}));
  } else {
    link_.process().terminate("", milliseconds(0));  // reaps it, closes the pipes
  }
  if (dir_ && !options_.contest_keep_dirs) {
    std::error_code ec;
    fs::remove_all(*dir_, ec);
    fatal_cleanup::remove_dir(dir_->string());
  }
  dir_.reset();
  faulted_ = false;
}

Answer<bool> ContestPlayer::new_game(engine::Color side, const engine::Rules& rules, uint64_t,
                                     Deadline deadline) {
  if (rules.kind != engine::GameKind::kDark)
    throw engine::Error("contest: contest bots play the dark game only (rule kind = dark)");
  if (!launched_.ok()) {  // the constructor's start-up failed: that is this game's fault
    Answer<bool> a = std::move(launched_);
    launched_ = answer(true);
    return a;
  }
  if (!fresh_ || !link_.process().running())
    if (auto a = launch(deadline); !a.ok()) return a;
  fresh_ = false;
  side_ = side;
  wait_ = std::min(99, rules.no_capture_draw / 2);
  seen_ = 0;
  moves_ = 0;
  enemy_flag_.reset();
  theirs_.reset();
  return answer(true);
}

Answer<std::string> ContestPlayer::deploy(Deadline deadline) {
  const contest::Start start{side_ == engine::kRed, total_seconds_, wait_};
  if (auto a = link_.send(contest::start_line(start), deadline); !a.ok())
    return failure<std::string>(a.fault, a.detail);
  const Answer<LineRead> r = receive("ARRAY", deadline);
  if (!r.ok()) return failure<std::string>(r.fault, r.detail);
  try {
    return answer(engine::deployment_string(contest::parse_array(r.value.line)));
  } catch (const engine::Error& e) {
    return protocol_fault<std::string>(e.what());
  }
}

Answer<bool> ContestPlayer::setup(const engine::Deployment&, Deadline) {
  return protocol_fault<bool>("the contest protocol cannot impose a deployment");
}

Answer<bool> ContestPlayer::catch_up(const engine::View& view, Deadline deadline) {
  const std::vector<engine::Token>& history = view.history();
  std::optional<contest::Report> own;
  contest::Report* last = nullptr;  // the report of the latest move, which a reveal follows
  for (; seen_ < history.size(); ++seen_) {
    const engine::Token& t = history[seen_];
    if (t.kind == engine::Token::Kind::kReveal) {
      if (t.piece == engine::make_piece(~side_, engine::kFlag)) {
        enemy_flag_ = t.square;
        if (last) last->enemy_flag = enemy_flag_;
      }
      continue;
    }
    const engine::Color mover = moves_++ % 2 == 0 ? engine::kRed : engine::kBlue;
    auto& report = mover == side_ ? own : theirs_;
    report = contest::Report{t.move, t.outcome, enemy_flag_};
    last = &*report;
  }
  if (!own) return answer(true);
  return link_.send(contest::result_line(*own, side_), deadline);
}

void ContestPlayer::observe(const engine::View& view) {
  // A failure shows again at the next GO (or does not matter: the game is over).
  catch_up(view, SteadyClock::now() + milliseconds(100));
}

Answer<MoveAnswer> ContestPlayer::go(const engine::View& view, const search::Limits&, Deadline deadline) {
  if (auto a = catch_up(view, deadline); !a.ok()) return failure<MoveAnswer>(a.fault, a.detail);
  const contest::Report go =
      theirs_ ? *theirs_ : contest::Report{engine::kNullMove, engine::Outcome::kQuiet, enemy_flag_};
  theirs_.reset();
  const int64_t allowed = ms_left(deadline);
  if (auto a = link_.send(contest::go_line(go, side_), deadline); !a.ok())
    return failure<MoveAnswer>(a.fault, a.detail);
  const Answer<LineRead> r = receive("BESTMOVE", deadline);
  if (r.fault == Fault::kTime)
    return failure<MoveAnswer>(Fault::kTime, cat({"no BESTMOVE within ", std::to_string(allowed), " ms"}));
  if (!r.ok()) return failure<MoveAnswer>(r.fault, r.detail);
  try {
    return answer(MoveAnswer{engine::move_string(contest::parse_bestmove(r.value.line, side_)), {}});
  } catch (const engine::Error& e) {
    return protocol_fault<MoveAnswer>(e.what());
  }
}

void ContestPlayer::game_over(const std::string& result, const std::string& reason) {
  link_.log('*', cat({"game over: ", result, " ", reason}));
  stop();  // contest bots keep global state: the next game starts a new process
}

}  // namespace junqi::runner
