#pragma once
// The leaf evaluation of flip-game positions (翻棋, RULES.md §7.1), in the style of
// evaluation.h: features for one colour, each "ours minus theirs", value =
// logistic(w · features), the chance that colour wins.
//
// It reads only what both players know: the face-up pieces, the face-down squares and
// the multiset of the pieces still face down, never which of them stands where. Its
// value is therefore the same in every determinization of a view, and a search that
// evaluates determinized worlds learns nothing from their hidden filling through it;
// a face-down square counts as the average of what it may hold.

#include <string>
#include <string_view>

#include <Eigen/Core>

#include "engine/flip.h"
#include "eval/weights_file.h"

namespace junqi::eval {

enum FlipFeature {
  // Material, face up or down: our count minus theirs, per type (a Flag is never counted).
  kFlipMarshal, kFlipGeneral, kFlipDivision, kFlipBrigade, kFlipRegiment, kFlipBattalion,
  kFlipCompany, kFlipPlatoon, kFlipEngineer, kFlipBomb, kFlipMine,
  kFlipActive,         // face-up pieces that may move (our colour's are ours to use), ours minus theirs
  kFlipMobility,       // one-step moves of those pieces, ours minus theirs
  kFlipInitiative,     // the most material the side to move wins with one capture: + if that is us, - if them
  kFlipHanging,        // material of theirs our face-up pieces can win by a capture, minus the same of ours
  kFlipExposure,       // expected material our active pieces lose if a linked face-down square turns up a
                       // stronger enemy, minus the same for theirs
  kFlipFlagOpen,       // 1 if our Flag may be attacked (under after-mines: no Landmine of ours left), minus theirs
  kFlipFlagThreat,     // their active pieces within two links of our Flag once it is face up and open, minus theirs
  kFlipEngineerCover,  // min(our engineers, their landmines) minus the same for theirs: who can clear the way
  kFlipTopOfficer,     // +1 if our highest officer (face up or down) outranks theirs, -1 if theirs ours, else 0
  kFlipFeatureCount,
};

using FlipFeatures = Eigen::Matrix<double, kFlipFeatureCount, 1>;

std::string_view flip_feature_name(FlipFeature f);
// Every feature's name, in order, as weights files write them.
FeatureNames flip_feature_names();

struct FlipWeights {
  FlipFeatures w = FlipFeatures::Zero();
};

// Weights files as the dark game's (evaluation.h): every flip feature named once, errors
// naming file, line and key. configs/weights/flip.toml holds the hand-set weights.
FlipWeights load_flip_weights(const std::string& path);
// A weights file by name (configs/weights/<name>.toml) or path.
FlipWeights find_flip_weights(const std::string& name);
// Writes every feature's `name = value` line (a '#' comment first if given), exactly
// enough that load_flip_weights reads back the same doubles; throws engine::Error if it cannot.
void save_flip_weights(const std::string& path, const FlipWeights& weights, const std::string& comment = "");

// The features of a position with colours assigned, for colour `us`.
FlipFeatures flip_features(const engine::FlipPosition& pos, engine::Color us);

// Probability in (0, 1) that `player` (0 = first to act) wins. Before the colours are
// assigned nobody knows whose pieces are whose, and a player is as likely to end up
// with either colour's: 0.5.
double evaluate_flip(const engine::FlipPosition& pos, int player, const FlipWeights& weights);

}  // namespace junqi::eval
