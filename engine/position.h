#pragma once
// The state of a game: bitboards per side and per piece type, a square -> piece table,
// side to move, the draw counters and an incrementally kept Zobrist hash. make() and
// unmake() play and take back one move. The referee's true state holds real pieces
// only; a player's view (view.h) holds the same structure with unidentified enemy
// pieces of type kUnknownType, which move generation treats like any enemy piece.

#include <array>
#include <cassert>
#include <cstdint>

#include "engine/combat.h"
#include "engine/geometry.h"
#include "engine/rules.h"
#include "engine/types.h"
#include "engine/zobrist.h"

namespace junqi::engine {

template <class Board>
class BasicPosition {
 public:
  using Bitboard = typename Board::Bitboard;

  // What unmake() needs to restore the position before a move.
  struct Undo {
    Move move;
    Piece mover, target;
    Outcome outcome;
    uint16_t quiet_plies;
    uint64_t hash;
  };

  BasicPosition() { board_.fill(kNoPiece); }

  // --- set-up (notation and tests build positions through these) ---
  void put_piece(Square s, Piece p) {
    assert(board_[s] == kNoPiece && type_of(p) <= kUnknownType);
    board_[s] = p;
    by_color_[color_of(p)] |= square_bb(s);
    by_type_[type_of(p)] |= square_bb(s);
    hash_ ^= kZobrist.piece_square[p][s];
  }
  void remove_piece(Square s) {
    const Piece p = board_[s];
    assert(p != kNoPiece);
    board_[s] = kNoPiece;
    by_color_[color_of(p)] ^= square_bb(s);
    by_type_[type_of(p)] ^= square_bb(s);
    hash_ ^= kZobrist.piece_square[p][s];
  }
  void set_side_to_move(Color c) {
    if (c != side_) hash_ ^= kZobrist.blue_to_move;
    side_ = c;
  }
  void set_counters(int quiet_plies, int ply) {
    quiet_plies_ = quiet_plies;
    ply_ = ply;
  }
  void set_rules(const Rules& rules) { rules_ = rules; }

  // --- queries ---
  Piece piece_on(Square s) const { return board_[s]; }
  Color side_to_move() const { return side_; }
  int quiet_plies() const { return quiet_plies_; }
  int ply() const { return ply_; }
  uint64_t hash() const { return hash_; }
  const Rules& rules() const { return rules_; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType t) const { return by_type_[t]; }
  Bitboard pieces(Color c, PieceType t) const { return by_color_[c] & by_type_[t]; }
  Bitboard occupied() const { return by_color_[kRed] | by_color_[kBlue]; }
  bool has_flag(Color c) const { return pieces(c, kFlag) != 0; }

  // The hash computed from scratch; equals hash() unless there is a bug.
  uint64_t compute_hash() const {
    uint64_t h = side_ == kBlue ? kZobrist.blue_to_move : 0;
    for (int s = 0; s < Board::kSquares; ++s) h ^= kZobrist.piece_square[board_[s]][s];
    return h;
  }

  // Plays a legal move (movegen decides legality; make() does not check it).
  Outcome make(Move m, Undo& u) {
    const Piece target = board_[to_sq(m)];
    const Outcome outcome = target == kNoPiece ? Outcome::kQuiet
                                               : fight(type_of(board_[from_sq(m)]), type_of(target), rules_.mine);
    make(m, outcome, u);
    return outcome;
  }

  // Plays a move whose outcome is given rather than computed: a player's view knows
  // the outcome of a fight with a piece it cannot identify.
  void make(Move m, Outcome outcome, Undo& u) {
    const Square from = from_sq(m), to = to_sq(m);
    const Piece mover = board_[from], target = board_[to];
    u = {m, mover, target, outcome, uint16_t(quiet_plies_), hash_};
    remove_piece(from);
    if (outcome == Outcome::kQuiet) {
      put_piece(to, mover);
      ++quiet_plies_;
    } else {
      if (outcome != Outcome::kDefenderWins) remove_piece(to);
      if (outcome == Outcome::kAttackerWins) put_piece(to, mover);
      quiet_plies_ = 0;  // every fight removes at least one piece
    }
    ++ply_;
    side_ = ~side_;
    hash_ ^= kZobrist.blue_to_move;
  }

  void unmake(const Undo& u) {
    const Square from = from_sq(u.move), to = to_sq(u.move);
    if (board_[to] != kNoPiece) remove_piece(to);
    put_piece(from, u.mover);
    if (u.target != kNoPiece) put_piece(to, u.target);
    side_ = ~side_;
    --ply_;
    quiet_plies_ = u.quiet_plies;
    hash_ = u.hash;
  }

  bool operator==(const BasicPosition& o) const {
    return board_ == o.board_ && side_ == o.side_ && quiet_plies_ == o.quiet_plies_ &&
           ply_ == o.ply_ && rules_ == o.rules_;
  }

 private:
  static constexpr Zobrist<Board::kSquares> kZobrist = Zobrist<Board::kSquares>::build();

  std::array<Bitboard, kColors> by_color_{};
  std::array<Bitboard, kPieceTypes + 1> by_type_{};  // + kUnknownType, for views
  std::array<Piece, Board::kSquares> board_;
  Color side_ = kRed;
  int quiet_plies_ = 0;
  int ply_ = 0;
  uint64_t hash_ = 0;
  Rules rules_;
};

using Position = BasicPosition<TwoPlayerBoard>;

}  // namespace junqi::engine
