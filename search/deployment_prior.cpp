#include "search/deployment_prior.h"

#include <cmath>
#include <vector>

#include "engine/config_path.h"
#include "engine/error.h"
#include "engine/notation.h"
#include "search/belief.h"

namespace junqi::search {

using namespace junqi::engine;

namespace {

bool allowed(int slot, int t) { return deployable_at(slot) & type_bit(PieceType(t)); }

// The non-camp slots in order, and their names in a prior file.
std::vector<int> named_slots() {
  std::vector<int> slots;
  for (int slot = 0; slot < kDeploymentSlots; ++slot)
    if (!is_camp_slot(slot)) slots.push_back(slot);
  return slots;
}

}  // namespace

DeploymentPrior DeploymentPrior::uniform() {
  DeploymentPrior p;
  for (auto& w : p.weight) w.fill(1.0);
  return p;
}

void DeploymentCounts::add(const Deployment& d) {
  for (int slot = 0; slot < kDeploymentSlots; ++slot)
    if (d[slot] < kPieceTypes) ++count[slot][d[slot]];
  ++deployments;
}

DeploymentPrior learn_prior(const DeploymentCounts& counts, double alpha) {
  if (!(alpha > 0) || !std::isfinite(alpha))
    throw Error("prior smoothing alpha must be > 0 (a zero would rule out types never seen at a slot)");
  DeploymentPrior prior;
  for (int slot = 0; slot < kDeploymentSlots; ++slot) {
    if (is_camp_slot(slot)) continue;
    double total = 0;
    for (int t = 0; t < kPieceTypes; ++t)
      if (allowed(slot, t)) total += double(counts.count[slot][t]) + alpha;
    for (int t = 0; t < kPieceTypes; ++t)
      prior.weight[slot][t] = allowed(slot, t) ? (double(counts.count[slot][t]) + alpha) / total : 0.0;
  }
  return prior;
}

PieceType most_likely(const DeploymentPrior& prior, int slot) {
  int best = 0;
  for (int t = 1; t < kPieceTypes; ++t)
    if (prior.weight[slot][t] > prior.weight[slot][best]) best = t;
  return PieceType(best);
}

std::string slot_key(int slot) { return square_name(deployment_square(kRed, slot)); }

std::string prior_toml(const DeploymentPrior& prior, const std::string& header) {
  std::vector<NamedWeights> tables;
  for (int slot : named_slots()) tables.push_back({slot_key(slot), prior.weight[slot]});
  return type_tables_toml(tables, header);
}

DeploymentPrior load_prior(const std::string& path) {
  const std::vector<int> slots = named_slots();
  std::vector<std::string> names;
  for (int slot : slots) names.push_back(slot_key(slot));
  const auto weights = load_type_tables(
      path, names, {"slot", "not a deployment slot (a1 … e6, camps excluded)"},
      [&](int table, int t, double w, const std::string& where) {
        if (w == 0 && allowed(slots[size_t(table)], t))
          throw Error(where + ": must be > 0, the rules allow a " + std::string(type_name(PieceType(t))) +
                      " here (a zero could leave a legal view no determinization)");
      });
  DeploymentPrior prior;
  for (size_t i = 0; i < slots.size(); ++i) prior.weight[slots[i]] = weights[i];
  return prior;
}

DeploymentPrior find_prior(const std::string& name) {
  if (name == "uniform") return DeploymentPrior::uniform();
  const auto path = find_config("priors", name);
  if (!path) throw Error("prior '" + name + "' not found (looked for configs/priors/" + name + ".toml)");
  return load_prior(*path);
}

}  // namespace junqi::search
