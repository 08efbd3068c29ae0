#pragma once
// One-ply baseline: scores each legal move by the expected material of its fight under
// the belief (a known losing fight scores its full loss), plus progress towards the
// enemy headquarters for quiet moves, and plays the best.

#include "search/sampling_bot.h"

namespace junqi::search {

class GreedyBot final : public SamplingBot {
 public:
  engine::Move choose_move(const engine::View& view, const Limits& limits) override;
};

}  // namespace junqi::search
