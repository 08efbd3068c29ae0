#pragma once
// The baseline of baselines: a uniformly random legal deployment and uniformly random
// legal moves; in the flip game, uniformly random legal actions.

#include "engine/random.h"
#include "search/bot.h"

namespace junqi::search {

class RandomBot final : public Bot {
 public:
  void new_game(engine::Color side, const engine::Rules& rules, uint64_t seed) override;
  engine::Deployment deploy() override;
  engine::Move choose_move(const engine::View& view, const Limits& limits) override;
  bool plays_flip() const override { return true; }
  engine::Move choose_flip_action(const engine::FlipView& view, const Limits& limits) override;

 private:
  engine::Rng rng_{1};
};

}  // namespace junqi::search
