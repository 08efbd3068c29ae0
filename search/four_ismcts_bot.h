#pragma once
// Single-observer information-set MCTS for four seats: one tree over this seat's
// information (nodes are move sequences from now), each iteration in a world drawn by
// FourView::sample. A node's children are chosen by UCB1 over the moves legal in the
// iteration's world (counting how often each was available), by the seat to move, for its
// team's reward: partners share one reward, the teams are the two players of a zero-sum
// game (docs/four-player-search.md). Leaves get a short random playout and team_value.
// One thread.

#include <vector>

#include "search/four_bot.h"
#include "search/four_rollout.h"

namespace junqi::search {

struct FourIsmctsParams {
  int64_t default_iterations = 1000;  // when the time control sets none
  double exploration = 0.7;           // UCB1 constant
  RolloutPolicy rollout = kFourRolloutPolicy;  // the plies after the tree, before the evaluation
  int worlds = 32;                    // distinct worlds the iterations cycle through
};

class FourIsmctsBot final : public FourBotBase {
 public:
  explicit FourIsmctsBot(const FourIsmctsParams& params) : params_(params) {}
  engine::Move choose_move(const engine::four::FourView& view, const Limits& limits) override;
  SearchInfo last_info() const override { return info_; }

 private:
  struct Node {
    engine::Move move = engine::kNullMove;
    int team = 0;  // the team of the seat that played `move`
    double reward = 0;  // summed over visits, for `team`
    int64_t visits = 0, available = 0;
    std::vector<int> children;
  };
  FourIsmctsParams params_;
  std::vector<Node> nodes_;
  SearchInfo info_;
};

}  // namespace junqi::search
