#pragma once
// The heuristic baseline: what a person writes in a few hundred lines of tables, and what
// every strength run should beat without a single lost flag. One fixed deployment (the
// flag in a back headquarters behind landmines, bombs and the big pieces forward) and a
// one-ply choice: every attack scored by a table of attack values over what the target
// may be (the belief's marginals; in an open game they are exact), fights preferred to
// quiet moves (losses weigh less than gains: it is aggressive), quiet moves drawn towards
// the enemy headquarters, Engineers fastest. Deterministic given the seed.
//
// It plays the dark and open games only (plays_flip() is false: the referee refuses to
// seat it in a flip game, naming it).

#include "engine/deployment.h"
#include "search/sampling_bot.h"

namespace junqi::search {

// The shipped deployment: flag on b1 behind mines a1 c1 b2, bombs on the fourth rank,
// Field Marshal, General and a Division in the front rank.
inline constexpr std::string_view kHeuristicDeployment = "LFLPC/PLCYE/E+R+Y/TB+BT/D+C+R/MGDPE";

struct HeuristicParams {
  engine::Deployment deployment = engine::parse_legal_deployment(kHeuristicDeployment);
  double aggression = 0.7;  // how much a lost attacker weighs against a won target (1 = neutral)
};

class HeuristicBot final : public SamplingBot {
 public:
  explicit HeuristicBot(const HeuristicParams& params) : params_(params) {}
  engine::Deployment deploy() override { return params_.deployment; }
  bool plays_flip() const override { return false; }
  engine::Move choose_move(const engine::View& view, const Limits& limits) override;

 private:
  HeuristicParams params_;
};

}  // namespace junqi::search
