#pragma once
// An external bot speaking JQP (PROTOCOL.md) as a Player: spec `jqp:<command line>`.
// The program is started through /bin/sh, handshakes (`jqp` ... `jqpok`) and stays up
// from game to game; it is restarted only when it crashed, broke the protocol or stopped
// answering. Every wait has the referee's deadline; what the bot does wrong comes back as
// a Fault.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runner/game/player.h"
#include "runner/protocols/program_link.h"

namespace junqi::runner {

class JqpPlayer final : public Player {
 public:
  // Starts the program and handshakes at once, so name() is the bot's `id name`; a
  // failure here is reported by the first new_game().
  explicit JqpPlayer(std::string command_line, PlayerOptions options = {});
  ~JqpPlayer() override;  // `quit`, then killed after 1 s

  std::string name() const override { return name_; }
  std::map<std::string, std::string> settings() const override { return {{"kind", "jqp"}, {"command", command_}}; }
  // The `option ...` lines of the last handshake, as the bot wrote them.
  const std::vector<std::string>& bot_options() const { return bot_options_; }

  Answer<bool> new_game(engine::Color side, const engine::Rules& rules, uint64_t seed,
                        Deadline deadline) override;
  Answer<std::string> deploy(Deadline deadline) override;
  Answer<bool> setup(const engine::Deployment& deployment, Deadline deadline) override;
  Answer<MoveAnswer> go(const engine::View& view, const search::Limits& limits, Deadline deadline) override;
  // The flip game, junqi's extension of JQP (docs/protocol.md): played by programs whose
  // handshake lists it in a `kinds` line.
  bool plays_flip() const override;
  Answer<MoveAnswer> go_flip(const engine::FlipView& view, const search::Limits& limits,
                             Deadline deadline) override;
  // The four-player game, junqi's extension of JQP (docs/protocol.md): played by programs
  // whose handshake lists `four` in a `kinds` line.
  bool plays_four() const override;
  Answer<bool> new_four_game(int seat, const engine::Rules& rules, uint64_t seed, Deadline deadline) override;
  Answer<MoveAnswer> go_four(const engine::four::FourView& view, const search::Limits& limits,
                             Deadline deadline) override;
  void game_over(const std::string& result, const std::string& reason) override;

 private:
  // What the reader does with lines other than the awaited answer.
  enum class Others { kIgnore, kInfo, kFault };

  Answer<bool> launch(Deadline deadline);  // (re)start and handshake
  Answer<bool> send(const std::string& line, Deadline deadline);  // a crash resets ready_
  // The rest of the next line starting with `keyword` (a word of its own).
  Answer<std::string> await(std::string_view keyword, Deadline deadline, Others others);
  Answer<bool> sync(Deadline deadline);  // isready / readyok
  // Every kind's new game: the rules, then `newgame <seat word>`, then isready.
  Answer<bool> start_game(int seat, const engine::Rules& rules, Deadline deadline);
  // go, go_flip and go_four in one: sends the `position` line (`head`, then ` moves` and
  // every token of the history) and `go` with the clock words of the seat in a game of
  // `kind`, and reads the bestmove.
  template <class Token>
  Answer<MoveAnswer> think(std::string head, const std::vector<Token>& history, engine::GameKind kind, int seat,
                           const search::Limits& limits, Deadline deadline);
  template <class T>
  Answer<T> checked(Answer<T> a);  // a crash or protocol fault resets ready_: a fresh process next game

  std::string command_;
  PlayerOptions options_;
  ProgramLink link_;
  Process& process_;  // link_'s
  std::string name_;
  std::vector<std::string> bot_options_;
  // Whether the last complete handshake listed `flip` / `four` in a `kinds` line; none
  // before one.
  std::optional<bool> plays_flip_, plays_four_;
  Answer<bool> launched_;         // the constructor's start-up, reported by new_game
  bool ready_ = false;            // running and handshaken
  bool stalled_ = false;          // a go ran out of time: the bot may still be thinking
  search::SearchInfo last_info_;  // from `info` lines of the current search
};

}  // namespace junqi::runner
