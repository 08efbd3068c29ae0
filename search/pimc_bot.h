#pragma once
// Flat determinized Monte Carlo (perfect-information Monte Carlo): sample
// determinizations, score every legal move in each by a depth-limited random rollout
// and the leaf evaluation, play the move with the best average.

#include "eval/evaluation.h"
#include "search/rollout.h"
#include "search/sampling_bot.h"

namespace junqi::search {

struct PimcParams {
  RolloutPolicy rollout;
  int64_t default_iterations = 2000;  // rollouts per move when the time control sets none
  eval::Weights weights;              // leaf evaluation (make_bot reads the named file)
};

class PimcBot final : public SamplingBot {
 public:
  explicit PimcBot(const PimcParams& params);
  engine::Move choose_move(const engine::View& view, const Limits& limits) override;

 private:
  PimcParams params_;
};

}  // namespace junqi::search
