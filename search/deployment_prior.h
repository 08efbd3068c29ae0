#pragma once
// Priors over the enemy's deployment, for the sampler: uniform, or learned from the
// deployments of recorded games (configs/priors/<name>.toml, made by `junqi prior learn`).
//
// The model is an approximation. A real deployment habit is a distribution over whole
// deployments (where the flag stands shapes where the mines go); a prior here keeps only
// its per-slot marginals, P(type | slot), one table per slot. The sampler multiplies them
// over the pieces and conditions the product on the exact piece counts of RULES.md §2 and
// on everything the belief knows, so what it draws is the product of the marginals
// restricted to the deployments still possible, not the habit's joint distribution.
// What that loses, for the shipped bots' habit (configs/priors/sensible.toml): their mines
// surround whichever headquarters holds the flag, P(mine on a1 | flag on b1) ≈ 0.88 and
// P(mine on a1 | flag on d1) ≈ 0.09, which the marginal flattens to 0.49. A mixture of such
// priors over the flag's headquarters (one DP table per component) would keep it.

#include <array>
#include <cstdint>
#include <string>

#include "engine/deployment.h"
#include "engine/types.h"
#include "search/type_tables.h"

namespace junqi::search {

// Prior weight of each type at each deployment slot (NOTATION.md's own-half order).
// Only ratios within a slot matter: every full assignment has one piece per slot, so
// scaling a slot's weights scales every assignment alike. Camp slots are never read.
struct DeploymentPrior {
  std::array<TypeWeights, engine::kDeploymentSlots> weight{};
  static DeploymentPrior uniform();
  bool operator==(const DeploymentPrior&) const = default;
};

// How often each type stood at each slot in a set of deployments.
struct DeploymentCounts {
  std::array<std::array<int64_t, engine::kPieceTypes>, engine::kDeploymentSlots> count{};
  int64_t deployments = 0;
  void add(const engine::Deployment& d);
};

// Per slot, P(t) = (count_t + alpha) / (deployments + alpha × allowed types) for the types
// the rules allow at the slot (additive smoothing: alpha > 0 keeps every allowed type
// possible, so a view the rules allow never loses all its determinizations), 0 for the
// types the rules forbid there (the belief excludes those anyway). Throws for alpha <= 0.
DeploymentPrior learn_prior(const DeploymentCounts& counts, double alpha);

// The most likely type at a slot (the first of equals).
engine::PieceType most_likely(const DeploymentPrior& prior, int slot);

// The slot's name in a prior file: its square as Red would write it (own file a–e from
// the deploying side's left, own rank 1–6 from its back rank), e.g. "b1" = a headquarters.
std::string slot_key(int slot);

// The text of a prior file: `header` as comment lines, then one table per non-camp slot
// ([a1] … [e6]) giving a weight per type name (marshal … flag), written so that reading
// it back gives the same doubles.
std::string prior_toml(const DeploymentPrior& prior, const std::string& header);

// Reads a prior file. Every non-camp slot needs all 12 types; weights are finite and
// >= 0, and > 0 for the types the rules allow at the slot. Errors name file, line and key.
DeploymentPrior load_prior(const std::string& path);

// "uniform", or a name found as configs/priors/<name>.toml (engine/config_path.h), or a
// path to a .toml file.
DeploymentPrior find_prior(const std::string& name);

}  // namespace junqi::search
