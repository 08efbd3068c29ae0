#pragma once
// One-ply baseline: scores each legal move by the expected material of its fight under
// the belief (a known losing fight scores its full loss), plus progress towards the
// enemy headquarters for quiet moves, and plays the best.

#include "engine/random.h"
#include "search/bot.h"
#include "search/sampler.h"

namespace junqi::search {

class GreedyBot final : public Bot {
 public:
  void new_game(engine::Color side, const engine::Rules& rules, uint64_t seed) override;
  engine::Deployment deploy() override;
  engine::Move choose_move(const engine::View& view, const Limits& limits) override;

 private:
  engine::Rng rng_{1};
  Sampler sampler_{std::array<TypeWeights, Sampler::kPieces>{}};
};

}  // namespace junqi::search
