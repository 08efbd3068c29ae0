#pragma once
// Playing a tournament's games: a queue hands scheduled games to oneTBB workers, each
// game with its own players and its own seed from the schedule, so in-process bots with
// iteration limits give the same records whatever the concurrency.

#include <atomic>
#include <functional>
#include <mutex>
#include <optional>
#include <set>

#include "runner/game/player.h"
#include "runner/game/record.h"
#include "runner/tournament/tournament_config.h"
#include "runner/tournament/tournament_schedule.h"

namespace junqi::runner {

// The games still to play: a schedule's, in order, but for the positions in `done`; one
// at a time to whichever worker asks; nothing after stop() or once `interrupt` or
// `enough` (optional, e.g. set by a SIGINT handler or a decided SPRT) is set. Each game
// is made as it is handed out. Thread-safe; holds references to schedule and done.
class GameQueue {
 public:
  GameQueue(const Schedule& schedule, const std::set<int64_t>& done, const std::atomic<bool>* interrupt = nullptr,
            const std::atomic<bool>* enough = nullptr)
      : schedule_(schedule), done_(done), skip_(done.begin()), interrupt_(interrupt), enough_(enough) {}
  std::optional<ScheduledGame> next();
  void stop() { stop_ = true; }
  bool stopped() const { return stop_ || (interrupt_ && interrupt_->load()) || (enough_ && enough_->load()); }

 private:
  const Schedule& schedule_;
  const std::set<int64_t>& done_;
  std::mutex mutex_;  // guards next_ and skip_
  int64_t next_ = 0;
  std::set<int64_t>::const_iterator skip_;  // the first done position not before next_
  const std::atomic<bool>* interrupt_;
  const std::atomic<bool>* enough_;
  std::atomic<bool> stop_{false};
};

// Plays one scheduled game on the referee: its seed, layout and imposed deployments, each
// seat's player's own time control, the config's rules, time control and limits. Matches
// and tournaments both play every game through this.
GameRecord play_scheduled_game(const TournamentConfig& config, const ScheduledGame& game, Player& red, Player& blue);
// A four-player game: game.players[0] is the team on South and North, players[1] on East
// and West; seats by seat (S, E, N, W), each team's time control for both its seats.
GameRecord play_scheduled_four_game(const TournamentConfig& config, const ScheduledGame& game,
                                    const std::array<Player*, 4>& seats);
// The same with fresh players made from the config's specs, under the names it gives them
// (any kind; in the four-player game the team's name for both partners).
GameRecord play_scheduled_game(const TournamentConfig& config, const ScheduledGame& game);

struct RunSummary {
  int played = 0;  // games handed to on_game
  bool interrupted = false;
};

// The games are the schedule's but those at the positions in `done` (already recorded).
// Plays the games with `concurrency` at once (0: hardware threads). on_game is called
// once per finished game on the worker that played it, so calls may overlap: the
// caller guards what it shares (e.g. a RecordWriter) with its own mutex, and can do
// slow work (serializing, fsync) outside it. If on_game throws, no new game starts and
// the exception comes out of run_games once the running games end. Once `interrupt` or
// `enough` (on_game may set it) is set no game starts, and the running ones finish and go
// to on_game as usual: programs run in process groups of their own, so a Ctrl-C at the
// terminal reaches the runner alone and the bots play their games out.
RunSummary run_games(const TournamentConfig& config, const Schedule& schedule, const std::set<int64_t>& done,
                     int concurrency, const std::function<void(const ScheduledGame&, const GameRecord&)>& on_game,
                     const std::atomic<bool>* interrupt = nullptr, const std::atomic<bool>* enough = nullptr);

// 0 → the number of hardware threads.
int effective_concurrency(int requested);

}  // namespace junqi::runner
