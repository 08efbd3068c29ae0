#pragma once
// Flat determinized Monte Carlo for four seats, as the 2-player pimc: worlds drawn by
// FourView::sample, every legal move scored in each by a short random playout (the
// engine/four playouts) and the team evaluation below, the best average played.
//
// The game is read as two-player and zero-sum between the teams: partners share one
// reward (docs/four-player-search.md says why).

#include "search/four_bot.h"
#include "search/four_rollout.h"

namespace junqi::search {

struct FourPimcParams {
  int64_t default_iterations = 400;  // playouts per move when the time control sets none
  RolloutPolicy rollout = kFourRolloutPolicy;  // the plies after the move, before the evaluation
  int worlds = 16;                   // distinct worlds the playouts share
};

class FourPimcBot final : public FourBotBase {
 public:
  explicit FourPimcBot(const FourPimcParams& params) : params_(params) {}
  engine::Move choose_move(const engine::four::FourView& view, const Limits& limits) override;
  SearchInfo last_info() const override { return info_; }

 private:
  FourPimcParams params_;
  SearchInfo info_;
};

// A finished game's reward for `team` (1 win, 0 draw, -1 loss), or for an unfinished one
// the material difference between the teams (Flags aside) squashed into (-1, 1).
double team_value(const engine::four::Position& pos, int team);

}  // namespace junqi::search
