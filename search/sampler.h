#pragma once
// Draws determinizations: a type for every enemy piece (dead or alive), consistent with
// the Belief and with the exact piece counts of RULES.md §2, each full assignment drawn
// with probability proportional to the product of its per-piece prior weights. With a
// uniform prior that is uniform over the deployments still possible.
//
// Exact, not approximate: the total weight of all completions is counted by dynamic
// programming over "types still to hand out" (a count vector; the piece index follows
// from how many are left), then a sample walks the pieces choosing each type with
// probability weight × completions / total. The table has prod(count_t + 1) = 497,664
// entries and is built once per Belief (a few ms); sampling is read-only, so threads
// can share one Sampler.

#include <array>
#include <vector>

#include "engine/random.h"
#include "engine/view.h"
#include "search/behaviour_model.h"
#include "search/belief.h"
#include "search/deployment_prior.h"

namespace junqi::search {

class Sampler {
 public:
  static constexpr int kPieces = Belief::kPieces;

  // Each piece weighs prior(slot, type) · behaviour(its class, type) (behaviour_model.h).
  Sampler(const Belief& belief, const DeploymentPrior& prior,
          const BehaviourModel& behaviour = BehaviourModel::neutral()) {
    update(belief, prior, behaviour);
  }
  // Directly from per-piece weights (zero = impossible); for tests and special priors.
  explicit Sampler(const std::array<TypeWeights, kPieces>& weights) { update(weights); }

  // Rebuilds for new weights, unless they equal the current ones: between two of our
  // moves the belief often does not change (the enemy moved a piece already known to be
  // mobile, without a fight), and then the table is reused as it is.
  void update(const Belief& belief, const DeploymentPrior& prior,
              const BehaviourModel& behaviour = BehaviourModel::neutral());
  void update(const std::array<TypeWeights, kPieces>& weights);

  // False if no assignment fits (the view contradicts the rules); sample() then must
  // not be called.
  bool consistent() const { return total_ > 0; }
  // The total weight of all consistent assignments (their number, for a uniform prior).
  double total_weight() const { return total_; }
  void sample(engine::Rng& rng, std::array<engine::PieceType, kPieces>& types) const;

 private:
  std::array<TypeWeights, kPieces> weight_{};
  std::array<int, engine::kPieceTypes> stride_{};
  std::vector<double> completions_;  // see the constructor
  double total_ = 0;
  int full_index_ = 0;
};

// A full-information position for search: the view's board with every enemy piece given
// the sampled type of its identity.
engine::Position determinize(const engine::View& view, const Belief& belief,
                             const std::array<engine::PieceType, Belief::kPieces>& types);

}  // namespace junqi::search
