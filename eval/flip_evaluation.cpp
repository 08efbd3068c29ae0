#include "eval/flip_evaluation.h"

#include <algorithm>
#include <cmath>

#include "engine/combat.h"
#include "engine/geometry.h"
#include "eval/material.h"

namespace junqi::eval {

using namespace junqi::engine;
using Board = TwoPlayerBoard;

namespace {

// Every feature's name, as a weights file writes it (configs/weights/flip.toml holds the
// hand-set weights and says what each one counts).
constexpr std::string_view kNames[kFlipFeatureCount] = {
    "marshal",  "general",  "division",   "brigade",   "regiment",  "battalion",      "company",
    "platoon",  "engineer", "bomb",       "mine",      "active",    "mobility",       "initiative",
    "hanging",  "exposure", "flag_open",  "flag_threat", "engineer_cover", "top_officer"};

// Face-up pieces of colour c that may move when c is to move.
Bitboard64 active(const FlipPosition& pos, Color c) {
  const Position& b = pos.board();
  Bitboard64 a = b.pieces(c) & ~pos.face_down() & ~b.pieces(kFlag) & ~b.pieces(kMine);
  if (!pos.rules().hq_exit) a &= ~Board::kT.headquarters;
  return a;
}

// What c's face-up pieces can win by one capture: the best single gain and, per enemy
// piece, the best gain on it summed (what hangs), in piece_value units.
struct Captures {
  double best = 0, hanging = 0;
};

Captures captures(const FlipPosition& pos, Color c) {
  Position b = pos.board();  // the move generator moves the side to move's pieces
  b.set_side_to_move(c);
  const Bitboard64 shielded = shielded_pieces(pos);
  std::array<double, Board::kSquares> on{};
  for (Bitboard64 from = active(pos, c); from;) {
    const Square s = pop_lsb(from);
    const PieceType attacker = type_of(b.piece_on(s));
    for (Bitboard64 to = destinations(b, s, shielded) & b.pieces(~c); to;) {
      const Square t = pop_lsb(to);
      const PieceType defender = type_of(b.piece_on(t));
      double gain = 0;
      switch (fight(attacker, defender, pos.rules().mine)) {
        case Outcome::kAttackerWins: gain = piece_value(defender); break;
        case Outcome::kBothDie: gain = piece_value(defender) - piece_value(attacker); break;
        case Outcome::kDefenderWins:
        case Outcome::kQuiet: break;
      }
      on[t] = std::max(on[t], gain);
    }
  }
  Captures r;
  for (double g : on) r.best = std::max(r.best, g), r.hanging += g;
  return r;
}

// The material c's active pieces are expected to lose, each next to a face-down square,
// if one such square turns up an enemy officer that outranks it: its value times the
// share of face-down pieces that are such officers.
double exposure(const FlipPosition& pos, Color c) {
  const Position& b = pos.board();
  const Bitboard64 down = pos.face_down();
  const int hidden = popcount(down);
  if (hidden == 0) return 0;
  // stronger[t]: face-down enemy officers of rank above t (the enum lists them highest first).
  std::array<int, kPieceTypes> stronger{};
  for (int t = kGeneral; t <= kEngineer; ++t)
    stronger[size_t(t)] = stronger[size_t(t - 1)] + popcount(down & b.pieces(~c, PieceType(t - 1)));
  double risk = 0;
  for (Bitboard64 a = active(pos, c); a;) {
    const Square s = pop_lsb(a);
    const PieceType t = type_of(b.piece_on(s));
    if ((Board::kT.links[s] & down) && t <= kEngineer) risk += piece_value(t) * stronger[t] / hidden;
  }
  return risk;
}

// Whether c's Flag may be attacked: present and, under after-mines, no Landmine of c left.
bool flag_open(const FlipPosition& pos, Color c) {
  const Position& b = pos.board();
  return b.has_flag(c) && (pos.rules().flip_flag_capture == FlipFlagCapture::kAny || !b.pieces(c, kMine));
}

// Active pieces of ~c within two links of c's Flag, when that Flag is face up and open.
int flag_threat(const FlipPosition& pos, Color c) {
  const Bitboard64 flag = pos.board().pieces(c, kFlag) & ~pos.face_down();
  if (!flag || !flag_open(pos, c)) return 0;
  Bitboard64 zone = Board::kT.links[lsb(flag)];
  for (Bitboard64 b = zone; b;) zone |= Board::kT.links[pop_lsb(b)];
  return popcount(zone & active(pos, ~c));
}

// Linked squares c's active pieces could step to: not c's pieces, not a face-down one
// of either colour (whose colour must not matter here), not an occupied camp.
int steps(const FlipPosition& pos, Color c) {
  const Position& b = pos.board();
  const Bitboard64 blocked = b.pieces(c) | pos.face_down() | (Board::kT.camps & b.occupied());
  int n = 0;
  for (Bitboard64 a = active(pos, c); a;) n += popcount(Board::kT.links[pop_lsb(a)] & ~blocked);
  return n;
}

int top_officer(const Position& b, Color c) {
  for (int t = kMarshal; t <= kEngineer; ++t)
    if (b.pieces(c, PieceType(t))) return t;
  return kFlag;
}

int count(const Position& b, Color c, PieceType t) { return popcount(b.pieces(c, t)); }

}  // namespace

std::string_view flip_feature_name(FlipFeature f) { return kNames[f]; }

FeatureNames flip_feature_names() { return {"flip", kNames}; }

FlipWeights find_flip_weights(const std::string& name) { return load_flip_weights(weights_path(name)); }

FlipWeights load_flip_weights(const std::string& path) { return {read_weights_file(path, flip_feature_names())}; }

void save_flip_weights(const std::string& path, const FlipWeights& weights, const std::string& comment) {
  write_weights_file(path, flip_feature_names(), weights.w, comment);
}

FlipFeatures flip_features(const FlipPosition& pos, Color us) {
  const Position& b = pos.board();
  const Color them = ~us;
  FlipFeatures x;
  for (int t = 0; t <= kMine; ++t) x[t] = count(b, us, PieceType(t)) - count(b, them, PieceType(t));
  x[kFlipActive] = popcount(active(pos, us)) - popcount(active(pos, them));
  x[kFlipMobility] = steps(pos, us) - steps(pos, them);
  const Captures ours = captures(pos, us), theirs = captures(pos, them);
  x[kFlipInitiative] = b.side_to_move() == us ? ours.best : -theirs.best;
  x[kFlipHanging] = ours.hanging - theirs.hanging;
  x[kFlipExposure] = exposure(pos, us) - exposure(pos, them);
  x[kFlipFlagOpen] = int(flag_open(pos, us)) - int(flag_open(pos, them));
  x[kFlipFlagThreat] = flag_threat(pos, us) - flag_threat(pos, them);
  x[kFlipEngineerCover] = std::min(count(b, us, kEngineer), count(b, them, kMine)) -
                          std::min(count(b, them, kEngineer), count(b, us, kMine));
  const int our_top = top_officer(b, us), their_top = top_officer(b, them);
  x[kFlipTopOfficer] = our_top < their_top ? 1 : our_top > their_top ? -1 : 0;  // smaller type = higher rank
  return x;
}

double evaluate_flip(const FlipPosition& pos, int player, const FlipWeights& weights) {
  if (!pos.colours_assigned()) return 0.5;
  return 1.0 / (1.0 + std::exp(-weights.w.dot(flip_features(pos, pos.player_colour(player)))));
}

}  // namespace junqi::eval
