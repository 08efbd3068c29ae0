#pragma once
// Flat determinized Monte Carlo (perfect-information Monte Carlo): sample
// determinizations, score every legal move in each by a depth-limited random rollout
// and the leaf evaluation, play the move with the best average.

#include "engine/random.h"
#include "eval/evaluation.h"
#include "search/bot.h"
#include "search/sampler.h"

namespace junqi::search {

struct PimcParams {
  int rollout_depth = 8;
  int64_t default_iterations = 2000;  // rollouts per move when the time control sets none
  std::string weights = "default";
};

class PimcBot final : public Bot {
 public:
  explicit PimcBot(const PimcParams& params);
  void new_game(engine::Color side, const engine::Rules& rules, uint64_t seed) override;
  engine::Deployment deploy() override;
  engine::Move choose_move(const engine::View& view, const Limits& limits) override;
  SearchInfo last_info() const override { return info_; }

 private:
  PimcParams params_;
  eval::Weights weights_;
  engine::Rng rng_{1};
  SearchInfo info_;
  Sampler sampler_{std::array<TypeWeights, Sampler::kPieces>{}};
};

}  // namespace junqi::search
