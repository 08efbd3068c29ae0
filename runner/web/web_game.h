#pragma once
// One game the server hosts: a person against an in-process bot, in the dark, open or
// flip game. It holds what the referee holds, the same GameInProgress (the engine's game,
// and each side's view fed only with that side's observations of every step), and answers
// the person's requests with the person's view alone (a FlipView in the flip game, which
// never holds a face-down identity): nothing here that a request can reach reads the true
// position while the game is on, and the record (both deployments, or the flip game's
// layout) is given out only at its end.
//
// In the flip game the sides are seats, as for the referee: `person` kRed is the player
// who acts first, kBlue the second; the flips decide which colour each plays.
//
// The bot's searches run on the SearchPool, on a copy of the bot's View, never under the
// game's lock; a search whose game moved on meanwhile (undo, resignation) is dropped.

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/flip_game.h"
#include "engine/game.h"
#include "engine/rules.h"
#include "engine/view.h"
#include "runner/game/game_in_progress.h"
#include "runner/game/record.h"
#include "runner/game/time_control.h"
#include "runner/web/hosted_game.h"
#include "runner/web/search_pool.h"
#include "runner/web/search_run.h"
#include "search/bot.h"
#include "search/bot_config.h"

namespace junqi::runner::web {

struct GameOptions {
  engine::Rules rules;
  search::BotConfig bot;
  engine::Color person = engine::kRed;  // the side the person plays (flip game: the seat)
  engine::Deployment deployment{};      // the person's (not in the flip game)
  // The bot's deployment; none: the bot deploys itself (tests impose one to check views).
  std::optional<engine::Deployment> bot_deployment;
  uint64_t seed = 1;  // the bots' seeds, and the flip game's layout
  // A chess clock for both sides (a TimeControl of kind kClock); none: untimed, the bot
  // searches its own budget.
  std::optional<TimeControl> clock;
};

// One ply as the person saw it: the tokens of its observation, who moved, and the two
// squares' pieces as the person's View showed them before the move (an unidentified
// enemy piece is 'X'/'x').
struct SeenPly {
  std::string text;
  bool by_person = false;
  engine::Piece mover = engine::kNoPiece;
  engine::Piece target = engine::kNoPiece;
};

class WebGame : public HostedGame, public std::enable_shared_from_this<WebGame> {
 public:
  // Throws engine::Error for a bot that cannot be made or a deployment the rules refuse.
  WebGame(std::string id, GameOptions options, SearchPool& pool);

  const std::string& id() const override { return id_; }

  // Time forgiven past a clock's end: the request's trip and the server's jitter.
  static constexpr int64_t kClockMarginMs = 250;

  // Everything the page shows, from the person's View. Thread-safe, like all below; each
  // first ends the game on time if the clock of the side to move ran out.
  nlohmann::json state() override;
  // Plays the person's move (text as in NOTATION.md) and queues the bot's reply.
  void play(const std::string& move_text) override;
  // Takes back the person's last move and every bot move after it.
  void undo() override;
  void resign() override;
  // The bot answers with its next search: it agrees when that search sees the game as
  // drawn or lost for it (win rate at most 1/2; a bot that reports none declines).
  void offer_draw() override;
  // Queues a search for the person's side; its move appears in state() as "hint".
  void request_hint() override;
  // Per enemy piece still on the board, the probability of each type given the person's
  // View (the exact sampler of search/, uniform deployment prior).
  nlohmann::json belief(int samples) const override;
  // The game record (both deployments): only once the game is over.
  GameRecord record() override;

  // Called by the bot's job after the first move too: queues the bot's search when the
  // bot is to move. Separate from the constructor, which cannot give out shared_from_this.
  void start() override;
  // Ends any search at once (the server is stopping).
  void stop_searches() override;

 private:
  using DarkPlay = GameInProgress<engine::Game, engine::View>;
  using FlipPlay = GameInProgress<engine::FlipGame, engine::FlipView>;
  bool flip() const { return options_.rules.kind == engine::GameKind::kFlip; }
  bool over() const { return ended_.has_value() || status().over(); }
  engine::GameStatus status() const;
  int to_move() const;
  bool is_legal(engine::Move m) const;
  engine::Color bot_side() const { return ~options_.person; }
  // The colour `seat` plays: its own in the dark and open games; in the flip game what the
  // flips gave it (before they have, the seat's placeholder, first = Red).
  engine::Color colour_of(engine::Color seat) const;
  void apply(engine::Move m, int64_t ms);
  // The game from its start with the first `plies` moves played again (undo).
  void rebuild(std::size_t plies);
  void queue_bot_move();  // lock held
  // Lock held: with a clock, ends the game as a loss on time when the side to move has
  // used more than its clock (and the margin) on this move.
  void expire_clock();
  // The clock of `seat` as it stands now, the running move's time taken off.
  int64_t clock_now(engine::Color seat) const;
  // A search of `bot` on a copy of `seat`'s view, to run outside the lock.
  using Search = std::function<SearchRun(search::Bot& bot, const search::Limits& limits)>;
  Search search_for(engine::Color seat) const;
  void bot_move();        // on a pool worker
  void hint_search();     // on a pool worker
  void reset_bots();

  struct Ending {
    engine::Result result;
    std::string reason;
  };

  const std::string id_;
  const GameOptions options_;
  SearchPool& pool_;
  mutable std::mutex mutex_;
  std::array<engine::Deployment, engine::kColors> deployments_{};
  engine::FlipPosition layout_;  // the flip game's
  std::optional<std::variant<DarkPlay, FlipPlay>> play_;
  std::vector<MoveRecord> moves_;  // the true plies, for undo and the record
  std::vector<SeenPly> seen_;      // the same plies as the person saw them
  std::optional<Ending> ended_;    // by resignation or agreement
  std::unique_ptr<search::Bot> bot_, hint_bot_;
  const std::string start_time_;
  // The searches' Limits::stop flags: set by resignation and by the server closing.
  std::atomic<bool> bot_stop_{false}, hint_stop_{false}, closing_{false};
  uint64_t generation_ = 0;  // bumped by undo and by the end of the game: stale searches drop
  bool bot_thinking_ = false, hint_thinking_ = false;
  std::string hint_;
  std::string draw_offer_ = "none";  // none, pending, declined, accepted
  std::string bot_info_;             // the bot's last search report
  int64_t bot_iterations_ = 0;
  int64_t turn_started_ms_ = 0;      // when the side to move was given the move
  std::array<std::optional<GameClock>, engine::kColors> clocks_;  // by seat
  uint64_t bot_resets_ = 0;          // so that every reset gives the bots a new seed
};

}  // namespace junqi::runner::web
