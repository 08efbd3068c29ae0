#pragma once
// What a bot learns of one opponent's deployment habit over the games it plays against
// it (a match, or one pairing of a tournament), from its own views only.
//
// When a game ends, the bot's last view of it goes through the belief (belief.h): every
// enemy piece whose type the view fixed (revealed by a fight or a lost commander, or
// narrowed down to one type by its moves and fights) is counted at the slot it started
// on. Pieces the view left open count nothing; the referee's deployment is never read.
// The next game's prior blends these counts with the bot's own prior, slot by slot, as a
// Dirichlet whose mean is the base prior and whose weight is `base_games` games:
//
//   P(t | slot) = (seen(slot, t) + base_games · base(t | slot)) / (seen(slot) + base_games)
//
// where base(· | slot) is the base prior normalized over the types the rules allow at the
// slot. An opponent with one fixed deployment (the heuristic bot) is learned within a few games: every
// identified slot's type soon outweighs the base. Against an opponent that varies its deployment the counts
// stay spread and the blend stays near the base. The counts lean towards what gets identified (pieces that
// fight, the flag once the Field Marshal falls), a bias the base weight tempers.
//
// Thread-safe: games of one pairing may run at once; each takes the prior as it stands
// when the game starts and adds what it saw when it ends.

#include <mutex>

#include "engine/view.h"
#include "search/deployment_prior.h"

namespace junqi::search {

class OpponentModel {
 public:
  // Counts the enemy types the final view of a game fixed, at their starting slots.
  void learn(const engine::View& final_view);
  // The blend of the counts so far with `base` (see above); base_games > 0.
  DeploymentPrior prior(const DeploymentPrior& base, double base_games) const;
  // The counts so far (deployments = games learned from).
  DeploymentCounts seen() const;

 private:
  mutable std::mutex mutex_;
  DeploymentCounts seen_;
};

}  // namespace junqi::search
