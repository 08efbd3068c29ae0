#pragma once
// The bot's seat in a game against a human. The referee keeps one time control for both
// sides, but a human must not be on the clock: `junqi play` gives the referee an untimed
// game and this wrapper plays the bot under its own time control instead (in-process
// bots answer within their limits; nothing forfeits). It also keeps the bot's last
// search report, which the referee does not pass on, for the human's `info` command.

#include <memory>

#include "runner/game/player.h"
#include "runner/game/time_control.h"

namespace junqi::runner {

class BotSeat final : public Player {
 public:
  BotSeat(std::unique_ptr<Player> bot, TimeControl time_control)
      : bot_(std::move(bot)), time_control_(time_control), clock_(time_control) {}
  std::string name() const override { return bot_->name(); }
  std::map<std::string, std::string> settings() const override { return bot_->settings(); }
  // The bot is told its own time control, not the referee's untimed one.
  void time_control(const TimeControl&, int64_t untimed_move_ms) override {
    bot_->time_control(time_control_, untimed_move_ms);
  }
  bool accepts_setup() const override { return bot_->accepts_setup(); }
  Answer<bool> new_game(engine::Color side, const engine::Rules& rules, uint64_t seed,
                        Deadline deadline) override;
  Answer<std::string> deploy(Deadline deadline) override { return bot_->deploy(deadline); }
  Answer<bool> setup(const engine::Deployment& d, Deadline deadline) override {
    return bot_->setup(d, deadline);
  }
  // The referee's limits are ignored: the bot gets those of its own time control.
  Answer<MoveAnswer> go(const engine::View& view, const search::Limits& limits, Deadline deadline) override;
  void observe(const engine::View& view) override { bot_->observe(view); }
  bool plays_flip() const override { return bot_->plays_flip(); }
  Answer<MoveAnswer> go_flip(const engine::FlipView& view, const search::Limits& limits, Deadline deadline) override;
  void observe_flip(const engine::FlipView& view) override { bot_->observe_flip(view); }
  bool plays_four() const override { return bot_->plays_four(); }
  Answer<bool> new_four_game(int seat, const engine::Rules& rules, uint64_t seed, Deadline deadline) override;
  Answer<MoveAnswer> go_four(const engine::four::FourView& view, const search::Limits& limits,
                             Deadline deadline) override;
  void observe_four(const engine::four::FourView& view) override { bot_->observe_four(view); }
  void game_over(const std::string& result, const std::string& reason) override {
    bot_->game_over(result, reason);
  }

  bool can_take_back() const override { return bot_->can_take_back(); }
  // A draw offer is accepted when the bot's last search valued its best move at a draw or
  // worse (a win rate of at most one half); a bot that reports no value declines.
  bool accepts_draw() const override { return last_info_.winrate >= 0 && last_info_.winrate <= 0.5; }

  // The report of the bot's last move; stays at the same address for the whole game.
  const search::SearchInfo& last_info() const { return last_info_; }

 private:
  // Asks the bot through `go` (a call of go or go_flip with the limits) on the bot's own clock.
  template <class Go>
  Answer<MoveAnswer> timed(const Go& go);

  std::unique_ptr<Player> bot_;
  TimeControl time_control_;
  GameClock clock_;
  search::SearchInfo last_info_;
};

}  // namespace junqi::runner
