#pragma once
// What a player can know about the enemy's hidden pieces, from its View alone.
//
// Every enemy piece is tracked by identity from its starting square as it moves, with
// the set of types it can still be, narrowed by: the deployment rules (flag only in a
// headquarters, landmines only in the two back ranks, bombs never in the front rank);
// moving (no landmine, no flag); moving in a way only an Engineer can (a turning
// railway run); every fight's outcome read through the combat rules with our own,
// known piece; and revealed identities. The exact piece counts of RULES.md §2 are the
// sampler's job (sampler.h): they couple the pieces and are not a per-piece fact.

#include <array>
#include <cstdint>

#include "engine/types.h"
#include "engine/view.h"

namespace junqi::search {

// Bit t set: the piece may be of type t (t < kPieceTypes).
using TypeMask = uint16_t;
constexpr TypeMask kAllTypes = (1u << engine::kPieceTypes) - 1;
constexpr TypeMask type_bit(engine::PieceType t) { return TypeMask(1u << t); }

struct EnemyPiece {
  engine::Square start = engine::kNoSquare;   // deployment square
  engine::Square square = engine::kNoSquare;  // where it stands now; kNoSquare once dead
  TypeMask possible = kAllTypes;
  bool moved = false;
};

class Belief {
 public:
  static constexpr int kPieces = engine::kPiecesPerSide;

  explicit Belief(const engine::View& view);

  engine::Color enemy() const { return enemy_; }
  const std::array<EnemyPiece, kPieces>& pieces() const { return pieces_; }
  // The enemy piece standing on s, or -1.
  int piece_at(engine::Square s) const { return at_[s]; }

 private:
  void observe_move(const engine::Position& before, const engine::Token& t);

  engine::Color enemy_;
  std::array<EnemyPiece, kPieces> pieces_;
  std::array<int8_t, engine::TwoPlayerBoard::kSquares> at_;
};

}  // namespace junqi::search
