#pragma once
// A first linear evaluation of full-information (determinized) positions: features
// computed for one side as "ours minus theirs", value = logistic(w · features), the
// probability that side wins. Weights are named and live in configs/weights/*.toml.

#include <array>
#include <string>
#include <string_view>

#include "engine/position.h"

namespace junqi::eval {

enum Feature {
  // Material: our count minus theirs, per type (the flag is never counted: losing it ends the game).
  kMarshalCount, kGeneralCount, kDivisionCount, kBrigadeCount, kRegimentCount, kBattalionCount,
  kCompanyCount, kPlatoonCount, kEngineerCount, kBombCount, kMineCount,
  kFlagGuard,      // own pieces linked to our flag, minus the same for theirs
  kFlagThreat,     // enemy movable pieces within two links of our flag, minus the same for theirs
  kAdvanced,       // movable pieces standing in the enemy half, ours minus theirs
  kFeatureCount,
};

std::string_view feature_name(Feature f);

struct Weights {
  std::array<double, kFeatureCount> w{};
};

// Reads name = value pairs; every feature must be named once. Errors name file, line, key.
Weights load_weights(const std::string& path);
// A weights file by name (configs/weights/<name>.toml) or path.
Weights find_weights(const std::string& name);

using Features = std::array<double, kFeatureCount>;
Features features(const engine::Position& pos, engine::Color side);

// Probability in (0, 1) that `side` wins.
double evaluate(const engine::Position& pos, engine::Color side, const Weights& weights);

}  // namespace junqi::eval
