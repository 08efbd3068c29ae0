#pragma once
// The live progress of a tournament: games done of all, games per second and the time
// left; on a terminal one line rewritten in place, otherwise one plain line per game.

#include <chrono>
#include <cstdio>
#include <string>
#include <utility>

#include "runner/record.h"
#include "runner/tournament_schedule.h"

namespace junqi::runner {

class Progress {
 public:
  // total: games of the (sharded) schedule; done: those already in the record file.
  Progress(int total, int done, std::FILE* stream, bool tty);
  void game_done(const std::string& red, const std::string& blue, const GameRecord& record);
  // Shown after the rate and ETA from the next game on (e.g. the SPRT's live LLR).
  void set_note(std::string note) { note_ = std::move(note); }
  void finish();  // ends the in-place line
  double games_per_second() const;

 private:
  std::string status() const;
  int total_, done_, started_with_;
  std::FILE* stream_;
  bool tty_;
  std::string note_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace junqi::runner
