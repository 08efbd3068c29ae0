#pragma once
// Playing a tournament's games: a queue hands scheduled games to oneTBB workers, each
// game with its own players and its own seed from the schedule, so in-process bots with
// iteration limits give the same records whatever the concurrency.

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "runner/record.h"
#include "runner/tournament_config.h"
#include "runner/tournament_schedule.h"

namespace junqi::runner {

// The games still to play, one at a time to whichever worker asks; nothing after stop()
// or once `interrupt` or `enough` (optional, e.g. set by a SIGINT handler or a decided
// SPRT) is set. Thread-safe.
class GameQueue {
 public:
  explicit GameQueue(std::vector<ScheduledGame> games, const std::atomic<bool>* interrupt = nullptr,
                     const std::atomic<bool>* enough = nullptr)
      : games_(std::move(games)), interrupt_(interrupt), enough_(enough) {}
  std::optional<ScheduledGame> next();
  void stop() { stop_ = true; }
  bool stopped() const { return stop_ || (interrupt_ && interrupt_->load()) || (enough_ && enough_->load()); }

 private:
  std::vector<ScheduledGame> games_;
  const std::atomic<bool>* interrupt_;
  const std::atomic<bool>* enough_;
  std::atomic<size_t> next_{0};
  std::atomic<bool> stop_{false};
};

// Plays one scheduled game: fresh players from the specs, named as the config names
// them, deployments imposed, each side's time control.
GameRecord play_scheduled_game(const TournamentConfig& config, const ScheduledGame& game);

struct RunSummary {
  int played = 0;  // games handed to on_game
  bool interrupted = false;
};

// Plays the games with `concurrency` at once (0: hardware threads). on_game is called
// once per finished game on the worker that played it, so calls may overlap: the
// caller guards what it shares (e.g. a RecordWriter) with its own mutex, and can do
// slow work (serializing, fsync) outside it. If on_game throws, no new game starts and
// the exception comes out of run_games once the running games end. Once `interrupt` or
// `enough` (on_game may set it) is set no game starts, and the running ones finish and go
// to on_game as usual: programs run in process groups of their own, so a Ctrl-C at the
// terminal reaches the runner alone and the bots play their games out.
RunSummary run_games(const TournamentConfig& config, std::vector<ScheduledGame> games, int concurrency,
                     const std::function<void(const ScheduledGame&, const GameRecord&)>& on_game,
                     const std::atomic<bool>* interrupt = nullptr, const std::atomic<bool>* enough = nullptr);

// 0 → the number of hardware threads.
int effective_concurrency(int requested);

}  // namespace junqi::runner
