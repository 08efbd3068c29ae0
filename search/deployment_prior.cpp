#include "search/deployment_prior.h"

#include <toml++/toml.h>

#include <charconv>
#include <cmath>

#include "engine/config_path.h"
#include "engine/error.h"
#include "engine/notation.h"
#include "engine/toml_file.h"
#include "search/belief.h"

namespace junqi::search {

using namespace junqi::engine;

namespace {

// Type names in prior files, in PieceType order.
constexpr std::array<std::string_view, kPieceTypes> kTypeKeys = {
    "marshal", "general", "division", "brigade", "regiment", "battalion",
    "company", "platoon", "engineer", "bomb",    "mine",     "flag"};

bool allowed(int slot, int t) { return deployable_at(slot) & type_bit(PieceType(t)); }

// Shortest text that reads back as the same double (TOML takes "1e-05" and "0" too).
std::string exact_number(double x) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, end);
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
  std::string out;
  size_t begin = 0;
  while (begin < header.size()) {
    const size_t end = std::min(header.find('\n', begin), header.size());
    out += end > begin ? "# " : "#";
    out += header.substr(begin, end - begin);
    out += '\n';
    begin = end + 1;
  }
  for (int slot = 0; slot < kDeploymentSlots; ++slot) {
    if (is_camp_slot(slot)) continue;
    out += "\n[";
    out += slot_key(slot);
    out += "]\n";
    for (int t = 0; t < kPieceTypes; ++t) {
      out += kTypeKeys[t];
      out += " = ";
      out += exact_number(prior.weight[slot][t]);
      out += '\n';
    }
  }
  return out;
}

DeploymentPrior load_prior(const std::string& path) {
  const toml::table table = read_toml(path);
  DeploymentPrior prior;
  std::array<bool, kDeploymentSlots> seen_slot{};
  for (const auto& [key, node] : table) {
    std::string where = toml_where(path, node);
    where += key.str();
    int slot = 0;
    while (slot < kDeploymentSlots && (is_camp_slot(slot) || slot_key(slot) != key.str())) ++slot;
    if (slot == kDeploymentSlots) throw Error(where + ": not a deployment slot (a1 … e6, camps excluded)");
    const toml::table* types = node.as_table();
    if (!types) throw Error(where + ": expected a table of weights by piece type");
    seen_slot[slot] = true;
    std::array<bool, kPieceTypes> seen_type{};
    for (const auto& [type_key, value] : *types) {
      std::string at = toml_where(path, value);
      at += key.str();
      at += '.';
      at += type_key.str();
      int t = 0;
      while (t < kPieceTypes && kTypeKeys[t] != type_key.str()) ++t;
      if (t == kPieceTypes) throw Error(at + ": unknown piece type (marshal, general, … , mine, flag)");
      const auto w = value.value<double>();
      if (!w || !std::isfinite(*w) || *w < 0) throw Error(at + ": expected a number >= 0");
      if (*w == 0 && allowed(slot, t))
        throw Error(at + ": must be > 0, the rules allow a " + std::string(type_name(PieceType(t))) +
                    " here (a zero could leave a legal view no determinization)");
      prior.weight[slot][t] = *w;
      seen_type[t] = true;
    }
    for (int t = 0; t < kPieceTypes; ++t)
      if (!seen_type[t]) throw Error(where + ": missing weight '" + std::string(kTypeKeys[t]) + "'");
  }
  for (int slot = 0; slot < kDeploymentSlots; ++slot)
    if (!is_camp_slot(slot) && !seen_slot[slot])
      throw Error(path + ": missing slot [" + slot_key(slot) + "]");
  return prior;
}

DeploymentPrior find_prior(const std::string& name) {
  if (name == "uniform") return DeploymentPrior::uniform();
  const auto path = find_config("priors", name);
  if (!path) throw Error("prior '" + name + "' not found (looked for configs/priors/" + name + ".toml)");
  return load_prior(*path);
}

}  // namespace junqi::search
