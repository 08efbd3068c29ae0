#include "eval/evaluation.h"

#include <algorithm>
#include <cmath>

#include "engine/geometry.h"

namespace junqi::eval {

using namespace junqi::engine;
using Board = TwoPlayerBoard;

namespace {

constexpr std::string_view kNames[kFeatureCount] = {
    "marshal",    "general",   "division",     "brigade",        "regiment",   "battalion",
    "company",    "platoon",   "engineer",     "bomb",           "mine",       "flag_guard",
    "flag_threat", "advanced", "attackers",    "flag_mines",     "flag_open",  "engineer_cover",
    "bomb_cover", "mobility",  "railway",      "camps",          "top_officer"};

// Pieces that can move again: not flags or mines, not standing in a headquarters.
Bitboard64 movable(const Position& pos, Color c) {
  return pos.pieces(c) & ~pos.pieces(kFlag) & ~pos.pieces(kMine) & ~Board::kT.headquarters;
}

// Squares linked to the flag of side c (empty if the flag is gone).
Bitboard64 flag_ring(const Position& pos, Color c) {
  const Bitboard64 flag = pos.pieces(c, kFlag);
  return flag ? Board::kT.links[lsb(flag)] : 0;
}

// Squares within two links of the flag of side c (empty if the flag is gone).
Bitboard64 flag_zone(const Position& pos, Color c) {
  Bitboard64 near = flag_ring(pos, c);
  for (Bitboard64 b = near; b;) near |= Board::kT.links[pop_lsb(b)];
  return near;
}

// Linked squares each movable piece could step to: not its own pieces, not an occupied
// camp. Railway runs are left out: they cost a ray walk each and the step count already
// tells a cramped side from a free one.
int steps(const Position& pos, Color c) {
  const Bitboard64 blocked = pos.pieces(c) | (Board::kT.camps & pos.occupied());
  int n = 0;
  for (Bitboard64 b = movable(pos, c); b;) n += popcount(Board::kT.links[pop_lsb(b)] & ~blocked);
  return n;
}

// The type of the side's highest officer (or engineer), kFlag if it has none left.
int top_officer(const Position& pos, Color c) {
  for (int t = kMarshal; t <= kEngineer; ++t)
    if (pos.pieces(c, PieceType(t))) return t;
  return kFlag;
}

int count(const Position& pos, Color c, PieceType t) { return popcount(pos.pieces(c, t)); }

}  // namespace

std::string_view feature_name(Feature f) { return kNames[f]; }

FeatureNames feature_names() { return {"dark", kNames}; }

Weights find_weights(const std::string& name) { return load_weights(weights_path(name)); }

Weights load_weights(const std::string& path) { return {read_weights_file(path, feature_names())}; }

std::string weights_text(const Weights& weights, const std::string& comment) {
  return weights_file_text(feature_names(), weights.w, comment);
}

void save_weights(const std::string& path, const Weights& weights, const std::string& comment) {
  write_weights_file(path, feature_names(), weights.w, comment);
}

Features features(const Position& pos, Color us) {
  const Color them = ~us;
  Features x;
  for (int t = 0; t <= kMine; ++t) x[t] = count(pos, us, PieceType(t)) - count(pos, them, PieceType(t));
  const Bitboard64 our_movable = movable(pos, us), their_movable = movable(pos, them);
  const Bitboard64 our_ring = flag_ring(pos, us), their_ring = flag_ring(pos, them);
  x[kFlagGuard] = popcount(our_ring & pos.pieces(us)) - popcount(their_ring & pos.pieces(them));
  x[kFlagThreat] = popcount(flag_zone(pos, us) & their_movable) - popcount(flag_zone(pos, them) & our_movable);
  x[kAdvanced] = popcount(our_movable & Board::kT.half[them]) - popcount(their_movable & Board::kT.half[us]);
  x[kAttackers] = popcount(our_movable) - popcount(their_movable);
  x[kFlagMines] = popcount(our_ring & pos.pieces(us, kMine)) - popcount(their_ring & pos.pieces(them, kMine));
  x[kFlagOpen] = popcount(our_ring & ~pos.occupied()) - popcount(their_ring & ~pos.occupied());
  x[kEngineerCover] = std::min(count(pos, us, kEngineer), count(pos, them, kMine)) -
                      std::min(count(pos, them, kEngineer), count(pos, us, kMine));
  auto high_officers = [&](Color c) { return count(pos, c, kMarshal) + count(pos, c, kGeneral) + count(pos, c, kDivision); };
  x[kBombCover] = std::min(count(pos, us, kBomb), high_officers(them)) - std::min(count(pos, them, kBomb), high_officers(us));
  x[kMobility] = steps(pos, us) - steps(pos, them);
  x[kRailway] = popcount(our_movable & Board::kT.railway) - popcount(their_movable & Board::kT.railway);
  x[kCamps] = popcount(our_movable & Board::kT.camps) - popcount(their_movable & Board::kT.camps);
  const int our_top = top_officer(pos, us), their_top = top_officer(pos, them);
  x[kTopOfficer] = our_top < their_top ? 1 : our_top > their_top ? -1 : 0;  // smaller type = higher rank
  return x;
}

double evaluate(const Position& pos, Color side, const Weights& weights) {
  return 1.0 / (1.0 + std::exp(-weights.w.dot(features(pos, side))));
}

}  // namespace junqi::eval
