#pragma once
// One-ply baseline: scores each legal move by the expected material of its fight under
// the belief (a known losing fight scores its full loss), plus progress towards the
// enemy headquarters for quiet moves, and plays the best.
//
// In the flip game: the action with the best expected flip evaluation one ply on. A
// move's fight is known (both fighters are face up); a flip is averaged over every
// piece it may turn up, in proportion to how many of it are still face down.

#include "eval/flip_evaluation.h"
#include "search/sampling_bot.h"

namespace junqi::search {

class GreedyBot final : public SamplingBot {
 public:
  // The flip game's evaluation weights (make_bot reads the named file).
  explicit GreedyBot(const eval::FlipWeights& flip_weights) : flip_weights_(flip_weights) {}
  engine::Move choose_move(const engine::View& view, const Limits& limits) override;
  engine::Move choose_flip_action(const engine::FlipView& view, const Limits& limits) override;

 private:
  eval::FlipWeights flip_weights_;
};

}  // namespace junqi::search
