#pragma once
// A program speaking the contest protocol (runner/protocols/contest_protocol.h) as a Player: spec
// `contest:<command line>`. Contest bots keep global state and some write files where
// they stand, so every game gets a fresh process (through /bin/sh) in a fresh temporary
// directory, with PlayerOptions::contest_files copied in; END ends it (killed if it
// stays), and the directory is removed unless contest_keep_dirs.
//
// The bot keeps no clock: every answer has the referee's per-move deadline, and START
// announces a total derived from the time control (see total_seconds()). It cannot be
// handed a deployment, so accepts_setup() is false. Faults: silence is `time`, an exit
// `crash`, a malformed line `protocol`; a well-formed but illegal ARRAY or BESTMOVE is
// left to the referee (illegal-deployment / illegal-move).

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "runner/protocols/contest_protocol.h"
#include "runner/game/player.h"
#include "runner/protocols/program_link.h"

namespace junqi::runner {

// Throws engine::Error unless every one of PlayerOptions::contest_files is an existing
// file: a directory (`--contest-files .`) would be copied whole into every game's
// directory, so it is refused rather than copied.
void check_contest_files(const std::vector<std::string>& files);

class ContestPlayer final : public Player {
 public:
  // Starts the first game's process at once (INFO gives the name). Throws engine::Error
  // when a file to copy is not an existing file (check_contest_files).
  ContestPlayer(std::string command_line, PlayerOptions options = {});
  ~ContestPlayer() override;

  std::string name() const override { return name_; }
  std::map<std::string, std::string> settings() const override {
    return {{"kind", "contest"}, {"command", command_}};
  }
  void time_control(const TimeControl& tc, int64_t untimed_move_ms) override;
  bool accepts_setup() const override { return false; }
  Answer<bool> new_game(engine::Color side, const engine::Rules& rules, uint64_t seed,
                        Deadline deadline) override;
  Answer<std::string> deploy(Deadline deadline) override;
  Answer<bool> setup(const engine::Deployment& deployment, Deadline deadline) override;
  Answer<MoveAnswer> go(const engine::View& view, const search::Limits& limits, Deadline deadline) override;
  void observe(const engine::View& view) override;
  void game_over(const std::string& result, const std::string& reason) override;

  // START's tttt: the bot's total for the game. A clock's base; for a fixed time per move
  // (movetime, or the referee's limit under iterations) 30 moves' worth, so that a bot
  // pacing itself over 30 or more moves stays inside the per-move limit.
  static int total_seconds(const TimeControl& tc, int64_t untimed_move_ms);

 private:
  Answer<bool> launch(Deadline deadline);  // fresh directory, process and INFO
  void stop();                             // END, kill if it stays, remove the directory
  template <class T>
  Answer<T> protocol_fault(const std::string& detail);
  Answer<LineRead> receive(std::string_view awaited, Deadline deadline);
  // Reads the view's new history: the bot's own move is told at once (RESULT), the
  // opponent's is kept for the next GO; each with the enemy flag as known right after it.
  Answer<bool> catch_up(const engine::View& view, Deadline deadline);

  std::string command_;
  PlayerOptions options_;
  ProgramLink link_;
  std::string name_;
  std::optional<std::filesystem::path> dir_;  // the current process's directory
  Answer<bool> launched_;                     // the constructor's start-up, reported by the first new_game
  bool fresh_ = false;                        // the process has not played a game yet
  bool named_ = false;                        // the first INFO answer named the player
  bool faulted_ = false;  // it let a deadline pass or broke the protocol: no grace after END
  // The game in progress.
  engine::Color side_ = engine::kRed;
  int total_seconds_ = 1800;
  int wait_ = 35;
  size_t seen_ = 0;  // history tokens already reported to the bot
  int moves_ = 0;    // move tokens among them (whose move a token is)
  std::optional<engine::Square> enemy_flag_;
  std::optional<contest::Report> theirs_;  // the opponent's move the next GO reports
};

}  // namespace junqi::runner
