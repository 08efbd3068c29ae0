#pragma once
// The linear evaluation of full-information (determinized) positions: features computed
// for one side, each "ours minus theirs", value = logistic(w · features), the chance
// that side wins. Weights are named and live in configs/weights/*.toml.
//
// The evaluation runs at every rollout leaf of the searches (~150k per second per
// thread), so every feature is a few bitboard operations and the vectors are fixed-size
// Eigen vectors: no allocation.

#include <string>
#include <string_view>

#include <Eigen/Core>

#include "engine/position.h"
#include "eval/weights_file.h"

namespace junqi::eval {

enum Feature {
  // Material: our count minus theirs, per type (the flag is never counted: losing it ends the game).
  kMarshalCount, kGeneralCount, kDivisionCount, kBrigadeCount, kRegimentCount, kBattalionCount,
  kCompanyCount, kPlatoonCount, kEngineerCount, kBombCount, kMineCount,
  kFlagGuard,       // own pieces linked to our flag, minus the same for theirs
  kFlagThreat,      // enemy movable pieces within two links of our flag, minus the same for theirs
  kAdvanced,        // movable pieces standing in the enemy half, ours minus theirs
  kAttackers,       // pieces that can still take a flag (movable, not stuck in a headquarters)
  kFlagMines,       // mines linked to our flag, minus the same for theirs
  kFlagOpen,        // empty squares linked to our flag (open ways in), minus the same for theirs
  kEngineerCover,   // min(our engineers, their mines) minus min(their engineers, our mines)
  kBombCover,       // min(our bombs, their officers of rank >= 7) minus the same for theirs
  kMobility,        // one-step moves of movable pieces (road and railway links), ours minus theirs
  kRailway,         // movable pieces on the railway, ours minus theirs
  kCamps,           // movable pieces in camps, ours minus theirs
  kTopOfficer,      // +1 if our highest officer outranks theirs, -1 if theirs outranks ours, else 0
  kFeatureCount,
};

using FeatureVector = Eigen::Matrix<double, kFeatureCount, 1>;

std::string_view feature_name(Feature f);
// Every feature's name, in order, as weights files write them.
FeatureNames feature_names();

struct Weights {
  FeatureVector w = FeatureVector::Zero();
};

// Reads name = value pairs; every feature must be named once. Errors name file, line, key.
Weights load_weights(const std::string& path);
// A weights file by name (configs/weights/<name>.toml) or path.
Weights find_weights(const std::string& name);
// The text of a weights file (a '#' comment first if given): one `name = value` line per
// feature, values printed exactly enough that load_weights reads back the same doubles.
std::string weights_text(const Weights& weights, const std::string& comment = "");
// Writes weights_text to path; throws engine::Error if it cannot.
void save_weights(const std::string& path, const Weights& weights, const std::string& comment = "");

using Features = FeatureVector;
Features features(const engine::Position& pos, engine::Color side);

// Probability in (0, 1) that `side` wins.
double evaluate(const engine::Position& pos, engine::Color side, const Weights& weights);

}  // namespace junqi::eval
