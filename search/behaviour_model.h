#pragma once
// Belief from behaviour: how an enemy piece has acted so far shifts the odds of its type.
//
// The belief (belief.h) keeps only what the rules prove: a piece that moved is no mine, a
// piece that beat our Captain is above it. How a piece is played says more. Bots, like
// people, send their small pieces forward to probe and keep the big ones back until they
// strike: in the shipped ismcts's own games a piece that made seven quiet moves is a
// Platoon commander about a hundred times as often as a Field Marshal, among the types the
// rules leave it, and a piece that started two fights is a Marshal or a General far more
// often than the fights' outcomes alone say.
//
// A model gives each behaviour class (how many moves a piece made, how many fights it
// started) a weight per type. The sampler (sampler.h) multiplies them into the prior's
// per-piece weights, so a determinization is drawn with probability proportional to
//
//   product over enemy pieces of  prior(slot, type) · behaviour(class, type)
//
// restricted as always to what the rules still allow. The weights are fitted by maximum
// likelihood from recorded games (`junqi prior behaviour`, BehaviourFit below): at every
// ply, every enemy piece as the side to move knew it, against its true type. A model
// learns the habits of the players in its records; against a player with other habits it
// is a wrong guess, as a deployment prior is.

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>

#include "engine/deployment.h"
#include "engine/view.h"
#include "search/belief.h"
#include "search/deployment_prior.h"
#include "search/type_tables.h"

namespace junqi::search {

// Still (never moved), or moves made (1-2, 3-6, 7 or more) × fights it started among
// them (none, one, two or more).
constexpr int kBehaviourClasses = 10;
int behaviour_class(const TrackedPiece& piece);
// Its table's name in a model file: "still", "few_moves_no_fight" … "many_moves_fights".
const std::string& behaviour_class_name(int behaviour);

struct BehaviourModel {
  std::array<TypeWeights, kBehaviourClasses> weight{};
  static BehaviourModel neutral();  // every weight 1: the sampler as without a model
  bool operator==(const BehaviourModel&) const = default;
};

// Maximum-likelihood weights from observations of pieces whose true type is known.
class BehaviourFit {
 public:
  // Every enemy piece (alive or dead) as `view`'s side knows it now, against the type the
  // enemy's deployment gave it.
  void add_view(const engine::View& view, const engine::Deployment& enemy);
  // One observation: a piece deployed on `slot`, of the types `possible`, in class
  // `behaviour`, whose true type is `truth` (one of `possible`).
  void add(int slot, TypeMask possible, int behaviour, engine::PieceType truth);
  int64_t observations() const { return observations_; }

  // The weights under which P(type) ∝ prior(slot, type) · weight(class, type) over the
  // possible types best predicts the true types: `iterations` minorize-maximize steps
  // (each weight times what its class and type saw over what the model expects there,
  // both with half a count added so that a type never seen in a class keeps a small
  // weight). Each class is scaled to a largest weight of 1; none is below 1e-6.
  BehaviourModel fit(const DeploymentPrior& prior, int iterations) const;
  // The mean of -ln P(true type) over the observations under `prior` and `model`: how
  // much a model tells (compare with the neutral one).
  double log_loss(const DeploymentPrior& prior, const BehaviourModel& model) const;

 private:
  // Observation counts by (slot, possible, class, true type), packed into one key.
  std::unordered_map<uint64_t, int64_t> count_;
  int64_t observations_ = 0;
};

// The text of a model file: `header` as comment lines, then one table per class.
std::string behaviour_toml(const BehaviourModel& model, const std::string& header);
// Reads a model file: every class, all 12 types, weights finite and > 0. Errors name file,
// line and key.
BehaviourModel load_behaviour(const std::string& path);
// "none" (the neutral model), a name found as configs/behaviour/<name>.toml, or a path.
BehaviourModel find_behaviour(const std::string& name);

}  // namespace junqi::search
