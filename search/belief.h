#pragma once
// What a player can know about the enemy's hidden pieces, from its View alone.
//
// Every enemy piece is tracked by identity from its starting square as it moves, with
// the set of types it can still be, narrowed by: the deployment rules (flag only in a
// headquarters, landmines only in the two back ranks, bombs never in the front rank);
// moving (no landmine, no flag); moving in a way only a turning piece can (a turning
// railway run: an Engineer, a Bomb under bomb_flies, anyone under all_turn); every
// fight's outcome read through the combat rules and the house rules (the mine option,
// no Marshal takes the Flag under marshal_takes_flag = false) with our own, known piece;
// and revealed identities. The exact piece counts of RULES.md §2 are the
// sampler's job (sampler.h): they couple the pieces and are not a per-piece fact.
//
// The same reasoning, turned round, gives what the enemy can know about OUR pieces: the
// public facts (deployment rules, moves, reveals) narrow them at once, and each fight
// narrows them once the enemy piece's type is fixed, as it is in a determinization.
// ISMCTS uses that to keep the enemy's simulated choices blind to our identities.

#include <array>
#include <cstdint>
#include <vector>

#include "engine/types.h"
#include "engine/view.h"

namespace junqi::search {

// Bit t set: the piece may be of type t (t < kPieceTypes).
using TypeMask = uint16_t;
constexpr TypeMask kAllTypes = (1u << engine::kPieceTypes) - 1;
constexpr TypeMask type_bit(engine::PieceType t) { return TypeMask(1u << t); }

// The types a piece may have at a deployment slot (RULES.md §3): no flag outside the
// headquarters, no landmine beyond the two back ranks, no bomb in the front rank.
TypeMask deployable_at(int slot);

struct TrackedPiece {
  engine::Square start = engine::kNoSquare;   // deployment square
  engine::Square square = engine::kNoSquare;  // where it stands now; kNoSquare once dead
  TypeMask possible = kAllTypes;
  bool moved = false;
  // How it has behaved (behaviour_model.h): moves made, fights among them.
  int16_t moves = 0, attacks = 0;
};

class Belief {
 public:
  static constexpr int kPieces = engine::kPiecesPerSide;

  explicit Belief(const engine::View& view);

  engine::Color enemy() const { return ~us_; }
  // The enemy's pieces, by identity (index = id, in deployment-slot order).
  const std::array<TrackedPiece, kPieces>& pieces() const { return tracks_[~us_]; }
  // The enemy piece standing on s, or -1.
  int piece_at(engine::Square s) const { return at_[s] >= 0 && color_at_[s] != us_ ? at_[s] : -1; }

  // Our pieces as the enemy can know them: `possible` holds only the public facts.
  const std::array<TrackedPiece, kPieces>& own_pieces() const { return tracks_[us_]; }
  // What the enemy can know of each of our pieces if its own pieces have `enemy_types`
  // (by enemy id): the public facts and every fight read with those types.
  void enemy_view_of_us(const std::array<engine::PieceType, kPieces>& enemy_types,
                        std::array<TypeMask, kPieces>& out) const;

 private:
  // A fight of one of our pieces, kept to be read once the enemy type is known.
  struct OwnFight {
    int8_t own, enemy;
    bool we_attacked;
    engine::Outcome outcome;
  };

  void observe_move(const engine::Position& before, const engine::Token& t);

  engine::Color us_;
  std::array<std::array<TrackedPiece, kPieces>, engine::kColors> tracks_;
  std::array<int8_t, engine::TwoPlayerBoard::kSquares> at_;  // id of the piece on a square, or -1
  std::array<engine::Color, engine::TwoPlayerBoard::kSquares> color_at_{};
  std::vector<OwnFight> own_fights_;
  // consistent types of a hidden piece [it attacked][known type][outcome], under the view's rules
  std::array<std::array<std::array<TypeMask, 4>, engine::kPieceTypes>, 2> fight_masks_{};
};

}  // namespace junqi::search
