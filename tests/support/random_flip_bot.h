#pragma once
// A bot that plays the flip game, for the tests of the flip game's JQP until the shipped
// bots do: uniformly random legal actions from its FlipView. The dark and open games it
// plays as the `random` bot, so one program serves both kinds.

#include <cstdint>

#include "engine/flip_game.h"
#include "engine/movegen.h"
#include "engine/random.h"
#include "search/bot.h"
#include "search/random_bot.h"

namespace junqi::testing_support {

class RandomFlipBot final : public search::Bot {
 public:
  void new_game(engine::Color side, const engine::Rules& rules, uint64_t seed) override {
    rng_ = engine::Rng(seed);
    dark_.new_game(side, rules, seed);
  }
  engine::Deployment deploy() override { return dark_.deploy(); }
  engine::Move choose_move(const engine::View& view, const search::Limits& limits) override {
    return dark_.choose_move(view, limits);
  }
  bool plays_flip() const override { return true; }
  engine::Move choose_flip_action(const engine::FlipView& view, const search::Limits&) override {
    engine::MoveList list;
    view.legal_moves(list);
    if (list.size == 0) return engine::kNullMove;
    return list[int(rng_.below(uint64_t(list.size)))];
  }

 private:
  search::RandomBot dark_;
  engine::Rng rng_{1};
};

}  // namespace junqi::testing_support
