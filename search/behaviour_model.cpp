#include "search/behaviour_model.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/config_path.h"
#include "engine/error.h"
#include "engine/notation.h"

namespace junqi::search {

using namespace junqi::engine;

namespace {

int move_band(int moves) { return moves <= 2 ? 0 : moves <= 6 ? 1 : 2; }

// An observation's key in BehaviourFit::count_; the low 32 bits are what the model sees.
uint64_t key_of(int slot, TypeMask possible, int behaviour, int truth) {
  return uint64_t(slot) | uint64_t(possible) << 8 | uint64_t(behaviour) << 24 | uint64_t(truth) << 32;
}
struct Observed {
  int slot, behaviour, truth;
  TypeMask possible;
};
Observed decode(uint64_t key) {
  return {int(key & 0xff), int(key >> 24 & 0xff), int(key >> 32), TypeMask(key >> 8 & 0xffff)};
}

// The sum of prior × behaviour weights over the types a piece may have: the normalizer
// of P(type) for it.
double weight_total(const DeploymentPrior& prior, const TypeWeights& w, const Observed& o) {
  double total = 0;
  for (int t = 0; t < kPieceTypes; ++t)
    if (o.possible & type_bit(PieceType(t))) total += prior.weight[o.slot][t] * w[t];
  return total;
}

}  // namespace

int behaviour_class(const TrackedPiece& piece) {
  if (piece.moves == 0) return 0;
  return 1 + 3 * move_band(piece.moves) + std::min<int>(piece.attacks, 2);
}

const std::string& behaviour_class_name(int behaviour) {
  static const std::array<std::string, kBehaviourClasses> names = [] {
    std::array<std::string, kBehaviourClasses> n;
    n[0] = "still";
    const char* bands[] = {"few_moves", "some_moves", "many_moves"};
    const char* fights[] = {"no_fight", "one_fight", "fights"};
    for (int b = 0; b < 3; ++b)
      for (int f = 0; f < 3; ++f) n[size_t(1 + 3 * b + f)] = std::string(bands[b]) + "_" + fights[f];
    return n;
  }();
  return names[size_t(behaviour)];
}

BehaviourModel BehaviourModel::neutral() {
  BehaviourModel m;
  for (auto& w : m.weight) w.fill(1.0);
  return m;
}

void BehaviourFit::add_view(const View& view, const Deployment& enemy) {
  const Belief belief(view);
  for (const TrackedPiece& p : belief.pieces()) {
    const int slot = deployment_slot(belief.enemy(), p.start);
    add(slot, p.possible, behaviour_class(p), PieceType(enemy[slot]));
  }
}

void BehaviourFit::add(int slot, TypeMask possible, int behaviour, PieceType truth) {
  if (!(possible & type_bit(truth)))
    throw Error("behaviour fit: a " + std::string(type_name(truth)) + " the belief rules out (the record and the view disagree)");
  ++count_[key_of(slot, possible, behaviour, truth)];
  ++observations_;
}

BehaviourModel BehaviourFit::fit(const DeploymentPrior& prior, int iterations) const {
  // The observations by what the model sees (slot, possible, class): only their number
  // matters to the expectation, the true types only to the counts seen.
  std::unordered_map<uint64_t, int64_t> groups;
  std::array<std::array<double, kPieceTypes>, kBehaviourClasses> seen{};
  for (const auto& [key, n] : count_) {
    groups[key & 0xffffffff] += n;
    const Observed o = decode(key);
    seen[size_t(o.behaviour)][size_t(o.truth)] += double(n);
  }
  BehaviourModel model = BehaviourModel::neutral();
  for (int it = 0; it < iterations; ++it) {
    std::array<std::array<double, kPieceTypes>, kBehaviourClasses> expected{};
    for (const auto& [key, n] : groups) {
      const Observed o = decode(key);
      const TypeWeights& w = model.weight[size_t(o.behaviour)];
      const double total = weight_total(prior, w, o);
      if (total <= 0) continue;
      for (int t = 0; t < kPieceTypes; ++t)
        if (o.possible & type_bit(PieceType(t)))
          expected[size_t(o.behaviour)][size_t(t)] += double(n) * prior.weight[o.slot][t] * w[t] / total;
    }
    for (int c = 0; c < kBehaviourClasses; ++c) {
      TypeWeights& w = model.weight[size_t(c)];
      for (int t = 0; t < kPieceTypes; ++t) w[t] *= (seen[c][t] + 0.5) / (expected[c][t] + 0.5);
      const double top = *std::max_element(w.begin(), w.end());
      for (double& x : w) x = std::max(x / top, 1e-6);
    }
  }
  return model;
}

double BehaviourFit::log_loss(const DeploymentPrior& prior, const BehaviourModel& model) const {
  double sum = 0;
  for (const auto& [key, n] : count_) {
    const Observed o = decode(key);
    const TypeWeights& w = model.weight[size_t(o.behaviour)];
    sum += double(n) * -std::log(prior.weight[o.slot][o.truth] * w[o.truth] / weight_total(prior, w, o));
  }
  return observations_ ? sum / double(observations_) : 0.0;
}

std::string behaviour_toml(const BehaviourModel& model, const std::string& header) {
  std::vector<NamedWeights> tables;
  for (int c = 0; c < kBehaviourClasses; ++c) tables.push_back({behaviour_class_name(c), model.weight[size_t(c)]});
  return type_tables_toml(tables, header);
}

BehaviourModel load_behaviour(const std::string& path) {
  std::vector<std::string> names;
  for (int c = 0; c < kBehaviourClasses; ++c) names.push_back(behaviour_class_name(c));
  const auto weights = load_type_tables(path, names, {"class", "not a behaviour class (still, few_moves_no_fight … many_moves_fights)"},
                                        [](int, int, double w, const std::string& where) {
                                          if (w == 0) throw Error(where + ": must be > 0 (a zero could leave a legal view no determinization)");
                                        });
  BehaviourModel model;
  std::copy(weights.begin(), weights.end(), model.weight.begin());
  return model;
}

BehaviourModel find_behaviour(const std::string& name) {
  if (name == "none") return BehaviourModel::neutral();
  const auto path = find_config("behaviour", name);
  if (!path) throw Error("behaviour model '" + name + "' not found (looked for configs/behaviour/" + name + ".toml)");
  return load_behaviour(*path);
}

}  // namespace junqi::search
