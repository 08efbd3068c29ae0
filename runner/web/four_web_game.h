#pragma once
// One four-player game (四国) the server hosts: the person in one seat, a four-seat bot of
// the chosen config (search/four_bot.h, made as `junqi play --rule kind=four` makes them)
// in each of the other three, the person's partner among them. It holds what the referee
// holds, the same GameInProgress (the engine's FourGame and one FourView per seat, each fed
// only with that seat's observations of every step), and answers the person from the
// person's FourView alone: its own pieces, its partner's only under four_allies_visible,
// every other piece unidentified unless the rules revealed it. The record, with all four
// deployments, is given out only at the end.
//
// The bots' searches run on the SearchPool, each on a copy of its seat's view, never under
// the game's lock: one job plays the bots' moves one after another until it is the
// person's turn (or the game is over); a job whose game moved on meanwhile (undo,
// resignation) drops its search. A hint is a search of the same config from the person's
// seat, on a copy of the person's view. A draw offer is answered by the next opponent to
// search (for its team), as a 2-player bot answers one; the belief view counts the types
// of every unidentified piece over worlds drawn from the person's view. No clock.

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/four/game.h"
#include "engine/rules.h"
#include "runner/game/game_in_progress.h"
#include "runner/game/record.h"
#include "runner/web/hosted_game.h"
#include "runner/web/search_pool.h"
#include "search/bot_config.h"
#include "search/four_bot.h"

namespace junqi::runner::web {

struct FourGameOptions {
  engine::Rules rules;  // kind four
  search::BotConfig bot;
  int person = engine::four::kSouth;  // the person's seat
  engine::Deployment deployment{};    // the person's, in its own frame
  uint64_t seed = 1;                  // the bots' seeds: seed * 4 + seat, as the referee's
};

class FourWebGame : public HostedGame, public std::enable_shared_from_this<FourWebGame> {
 public:
  // Throws engine::Error for a bot config that does not play four seats or a deployment
  // the rules refuse.
  FourWebGame(std::string id, FourGameOptions options, SearchPool& pool);

  const std::string& id() const override { return id_; }
  void start() override;
  nlohmann::json state() override;
  void play(const std::string& move_text) override;  // Sa6-Ca1
  void undo() override;
  void resign() override;  // for the person's team
  void offer_draw() override;
  void request_hint() override;  // its move appears in state() as "hint"
  nlohmann::json belief(int samples) const override;
  GameRecord record() override;
  void stop_searches() override;

 private:
  using FourPlay = GameInProgress<engine::four::FourGame, engine::four::FourView>;
  const engine::four::FourView& person_view() const { return play_->view(options_.person); }
  engine::four::Status status() const;
  bool over() const { return ended_.has_value() || status().over(); }
  int to_move() const { return play_->game().current_player(); }
  void apply(engine::Move m, int64_t ms);
  void rebuild(std::size_t plies);  // the game from its start, the first `plies` moves again
  void queue_bots();                // lock held: a job for the bots' moves if one is to move
  void bot_moves();                 // on a pool worker
  void hint_search();               // on a pool worker
  void reset_bots();
  // Lock held: the game ends as a loss of `seat`'s team.
  void lose(int seat, const std::string& reason, const std::string& detail);

  // One ply as the person saw it: its tokens, the seat that moved, and the two squares'
  // pieces as the person's view showed them before the move ("" for an empty square).
  struct SeenPly {
    std::string text;
    int seat = 0;
    std::string mover, target;
  };
  struct Ending {
    engine::four::Result result;
    std::string reason, detail;
  };

  const std::string id_;
  const FourGameOptions options_;
  SearchPool& pool_;
  mutable std::mutex mutex_;
  std::array<engine::Deployment, engine::four::kSeats> deployments_{};
  // The bots, none in the person's seat; the hint's searches there.
  std::array<std::unique_ptr<search::FourBot>, engine::four::kSeats> bots_;
  std::unique_ptr<search::FourBot> hint_bot_;
  std::optional<FourPlay> play_;
  std::vector<MoveRecord> moves_;          // the true plies, for undo and the record
  std::vector<Elimination> eliminations_;  // for the record
  std::vector<SeenPly> seen_;              // the same plies as the person saw them
  std::optional<Ending> ended_;            // by resignation or a bot's fault
  const std::string start_time_;
  std::atomic<bool> bot_stop_{false}, hint_stop_{false}, closing_{false};
  uint64_t generation_ = 0;  // bumped by undo and by the end of the game: stale searches drop
  bool thinking_ = false, hint_thinking_ = false;
  std::string hint_;
  std::string draw_offer_ = "none";  // none, pending, declined, accepted
  std::string bot_info_;     // the last bot's search report
  uint64_t bot_resets_ = 0;  // so that every reset gives the bots new seeds
};

}  // namespace junqi::runner::web
