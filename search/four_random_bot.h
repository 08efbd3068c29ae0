#pragma once
// The four-player baseline: a uniformly random legal deployment and uniformly random
// legal moves.

#include "search/four_bot.h"

namespace junqi::search {

class FourRandomBot final : public FourBotBase {
 public:
  engine::Move choose_move(const engine::four::FourView& view, const Limits& limits) override;
};

}  // namespace junqi::search
