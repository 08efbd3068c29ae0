#pragma once
// An in-process search::Bot as a Player, and its kind's search::FourBot for the
// four-player game when the kind plays it. Bots run on the referee's thread, so a
// deadline cannot interrupt them: the referee measures the time they took instead.

#include <memory>

#include "runner/game/player.h"
#include "search/bot.h"
#include "search/four_bot.h"

namespace junqi::runner {

class BotPlayer final : public Player {
 public:
  BotPlayer(std::string name, std::unique_ptr<search::Bot> bot, std::map<std::string, std::string> settings = {},
            std::unique_ptr<search::FourBot> four_bot = nullptr)
      : name_(std::move(name)), bot_(std::move(bot)), four_bot_(std::move(four_bot)), settings_(std::move(settings)) {}
  std::string name() const override { return name_; }
  std::map<std::string, std::string> settings() const override { return settings_; }
  Answer<bool> new_game(engine::Color side, const engine::Rules& rules, uint64_t seed, Deadline) override;
  Answer<std::string> deploy(Deadline) override;
  Answer<bool> setup(const engine::Deployment&, Deadline) override { return answer(true); }
  Answer<MoveAnswer> go(const engine::View& view, const search::Limits& limits, Deadline) override;
  bool plays_flip() const override { return bot_->plays_flip(); }
  Answer<MoveAnswer> go_flip(const engine::FlipView& view, const search::Limits& limits, Deadline) override;
  bool plays_four() const override { return four_bot_ != nullptr; }
  Answer<bool> new_four_game(int seat, const engine::Rules& rules, uint64_t seed, Deadline) override;
  Answer<MoveAnswer> go_four(const engine::four::FourView& view, const search::Limits& limits, Deadline) override;
  // A bot chooses from the view it is given alone (a search's kept tree is dropped when
  // the history no longer extends the one it was built for), so moves can be taken back.
  bool can_take_back() const override { return true; }
  void game_over(const std::string&, const std::string&) override {}

 private:
  std::string name_;
  std::unique_ptr<search::Bot> bot_;
  std::unique_ptr<search::FourBot> four_bot_;  // null: the kind does not play four seats
  // Which of the two deploys: the one new_game or new_four_game started last.
  bool four_game_ = false;
  std::map<std::string, std::string> settings_;
};

}  // namespace junqi::runner
