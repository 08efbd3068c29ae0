#pragma once
// The live progress of a tournament: a bar and the games done of all, games per second
// and the time left, and the standings table. On a terminal the table and the status line are redrawn
// in place (the table at most twice a second: a rating fit per game would cost more than
// a fast game); otherwise one plain line per game and the table every tenth of the games.

#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <utility>

#include "runner/game/record.h"
#include "runner/tournament/tournament_schedule.h"

namespace junqi::runner {

class Progress {
 public:
  using Clock = std::chrono::steady_clock;
  // total: games of the (sharded) schedule; done: those already in the record file.
  // table: the current standings as text (lines ending in '\n'), called when due; may be empty.
  // interrupt: set by the Ctrl-C handler, whose message lands below the live table; from
  // then on the table is drawn afresh below it rather than erased from where it was.
  Progress(int64_t total, int64_t done, std::FILE* stream, bool tty, std::function<std::string()> table = {},
           const std::atomic<bool>* interrupt = nullptr);
  void game_done(const std::string& red, const std::string& blue, const GameRecord& record);
  // Shown after the rate and ETA from the next game on (e.g. the SPRT's live LLR).
  void set_note(std::string note) { note_ = std::move(note); }
  void finish();  // ends the in-place lines
  double games_per_second() const;

 private:
  // Games done (with a bar on a terminal), rate, ETA and the note.
  std::string status(bool with_bar) const;
  std::string erase_table() const;
  void redraw_terminal(bool with_table);
  // After an interrupt message, the lines above the cursor are no longer the table's.
  void forget_drawn_table_if_interrupted();
  int64_t total_, done_, started_with_;
  std::FILE* stream_;
  bool tty_;
  std::function<std::string()> table_;
  std::string note_;
  const std::atomic<bool>* interrupt_;
  bool interrupt_seen_ = false;
  int drawn_lines_ = 0;  // terminal lines of the last table drawn above the status line
  Clock::time_point start_, last_table_time_;
};

}  // namespace junqi::runner
