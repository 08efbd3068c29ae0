#pragma once
// One-ply baseline for four seats, the 2-player greedy's idea (one_ply_choice.h) on the
// four-player board: every attack scored by the combat table over what the target may be
// (its type counted over worlds drawn by FourView::sample_deployments), every quiet move
// by the links it gains towards the nearest headquarters of an opponent still in the
// game; the best is played (seeded tie-break).

#include "search/four_bot.h"
#include "search/one_ply_choice.h"

namespace junqi::search {

class FourGreedyBot final : public FourBotBase {
 public:
  engine::Move choose_move(const engine::four::FourView& view, const Limits& limits) override;

 private:
  OnePlyTable table_;
};

// The probability of each type for every piece on the view's board (by square), counted
// over `worlds` sampled worlds; a piece the view knows has its type with certainty.
using FourMarginals = std::array<std::array<double, engine::kPieceTypes>, engine::four::Board::kSquares>;
FourMarginals four_marginals(const engine::four::FourView& view, engine::Rng& rng, int worlds);

}  // namespace junqi::search
