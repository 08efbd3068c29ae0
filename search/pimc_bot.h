#pragma once
// Flat determinized Monte Carlo (perfect-information Monte Carlo): sample
// determinizations, score every legal move in each by a depth-limited random rollout
// and the leaf evaluation, play the move with the best average. The same in the flip
// game, with worlds dealt by the view and the flip evaluation.

#include "eval/evaluation.h"
#include "eval/flip_evaluation.h"
#include "search/rollout.h"
#include "search/sampling_bot.h"

namespace junqi::search {

struct PimcParams {
  RolloutPolicy rollout;
  int64_t default_iterations = 2000;  // rollouts per move when the time control sets none
  eval::Weights weights;              // leaf evaluation (make_bot reads the named file)
  eval::FlipWeights flip_weights;    // the flip game's (make_bot reads the named file)
};

class PimcBot final : public SamplingBot {
 public:
  explicit PimcBot(const PimcParams& params);
  engine::Move choose_move(const engine::View& view, const Limits& limits) override;
  engine::Move choose_flip_action(const engine::FlipView& view, const Limits& limits) override;

 private:
  template <class Round>
  engine::Move best_of_rounds(const engine::MoveList& legal, const Limits& limits, const Round& round);

  PimcParams params_;
};

}  // namespace junqi::search
