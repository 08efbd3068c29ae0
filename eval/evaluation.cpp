#include "eval/evaluation.h"

#include <cmath>

#include "engine/config_path.h"
#include "engine/error.h"
#include "engine/geometry.h"
#include "engine/toml_file.h"

namespace junqi::eval {

using namespace junqi::engine;
using Board = TwoPlayerBoard;

namespace {

constexpr std::string_view kNames[kFeatureCount] = {
    "marshal", "general", "division", "brigade", "regiment", "battalion", "company", "platoon",
    "engineer", "bomb", "mine", "flag_guard", "flag_threat", "advanced"};

Bitboard64 movable(const Position& pos, Color c) {
  return pos.pieces(c) & ~pos.pieces(kFlag) & ~pos.pieces(kMine) & ~Board::kT.headquarters;
}

// Squares within two links of the flag of side c (empty if the flag is gone).
Bitboard64 flag_zone(const Position& pos, Color c) {
  const Bitboard64 flag = pos.pieces(c, kFlag);
  if (!flag) return 0;
  Bitboard64 near = Board::kT.links[lsb(flag)];
  for (Bitboard64 b = near; b;) near |= Board::kT.links[pop_lsb(b)];
  return near;
}

}  // namespace

std::string_view feature_name(Feature f) { return kNames[f]; }

Weights find_weights(const std::string& name) {
  const auto path = find_config("weights", name);
  if (!path) throw Error("weights '" + name + "' not found (looked for configs/weights/" + name + ".toml)");
  return load_weights(*path);
}

Weights load_weights(const std::string& path) {
  const toml::table table = read_toml(path);
  Weights weights;
  std::array<bool, kFeatureCount> seen{};
  for (const auto& [key, node] : table) {
    const std::string where = toml_where(path, node) + std::string(key.str());
    int f = 0;
    while (f < kFeatureCount && kNames[f] != key.str()) ++f;
    if (f == kFeatureCount) throw Error(where + ": unknown feature");
    const auto value = node.value<double>();
    if (!value) throw Error(where + ": expected a number");
    weights.w[f] = *value;
    seen[f] = true;
  }
  for (int f = 0; f < kFeatureCount; ++f)
    if (!seen[f]) throw Error(path + ": missing feature '" + std::string(kNames[f]) + "'");
  return weights;
}

Features features(const Position& pos, Color us) {
  const Color them = ~us;
  Features x{};
  for (int t = 0; t <= kMine; ++t)
    x[t] = popcount(pos.pieces(us, PieceType(t))) - popcount(pos.pieces(them, PieceType(t)));
  auto guard = [&](Color c) {
    const Bitboard64 flag = pos.pieces(c, kFlag);
    return flag ? popcount(Board::kT.links[lsb(flag)] & pos.pieces(c)) : 0;
  };
  x[kFlagGuard] = guard(us) - guard(them);
  x[kFlagThreat] = popcount(flag_zone(pos, us) & movable(pos, them)) - popcount(flag_zone(pos, them) & movable(pos, us));
  x[kAdvanced] = popcount(movable(pos, us) & Board::kT.half[them]) - popcount(movable(pos, them) & Board::kT.half[us]);
  return x;
}

double evaluate(const Position& pos, Color side, const Weights& weights) {
  const Features x = features(pos, side);
  double z = 0;
  for (int f = 0; f < kFeatureCount; ++f) z += weights.w[f] * x[f];
  return 1.0 / (1.0 + std::exp(-z));
}

}  // namespace junqi::eval
