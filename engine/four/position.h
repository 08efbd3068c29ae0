#pragma once
// The true state of a four-player game (RULES.md §8): pieces by seat and type, the seat to
// move, the draw counters and a Zobrist hash, with make()/unmake().
//
// A seat is in the game while its Flag is on the board: a seat that is out (flag taken,
// or no legal move on its turn) has had all its pieces removed, so the board alone says
// who is left. make() plays a move and then settles what follows from it, in the order of
// RULES.md §6: a taken Flag puts its seat out; under `immobile = at-once` a seat that can
// never move again is out; a team with both seats out has lost; then the no-capture draw
// and max_plies; then the turn passes to the next seat still in, and a seat that has no
// legal move on its turn is out (no ply is played for it) and the turn passes on. So
// after make(), either the game is over or the seat to move has a legal move.
//
// Pieces leaving the board with their seat count as removed pieces for the no-capture
// draw (the count restarts), as any piece removed in a fight does.

#include <array>
#include <cstdint>

#include "engine/combat.h"
#include "engine/four/board.h"
#include "engine/four/move_list.h"
#include "engine/four/seat.h"
#include "engine/game_end.h"
#include "engine/rules.h"

namespace junqi::engine::four {

// The end of a four-player game: a team wins when both its opponents are out.
enum class Result : uint8_t { kOngoing, kSouthNorthWins, kEastWestWins, kDraw };
constexpr Result win_for_team(int team) {
  return team == 0 ? Result::kSouthNorthWins : Result::kEastWestWins;
}

struct Status {
  Result result = Result::kOngoing;
  EndReason reason = EndReason::kNone;  // how the last seat of the losing team went out
  bool over() const { return result != Result::kOngoing; }
};

class Position {
 public:
  using MoveList = four::MoveList;

  struct Removed {
    Square square;
    Piece piece;
  };
  // What unmake() needs: the move, and every piece that left the board with its seat.
  // Left uninitialised (trivial members): perft declares one per node.
  struct Undo {
    Move move;
    Piece mover, target;
    Outcome outcome;
    Seat side;
    EndReason out_reason;
    uint16_t quiet_plies;
    uint64_t hash;
    int removed_count;
    std::array<Removed, kSeats * kPiecesPerSide> removed;
  };

  Position() { board_.fill(kNoPiece); }

  // --- set-up (notation and tests build positions through these, then call settle()) ---
  void put_piece(Square s, Piece p);
  void remove_piece(Square s);
  void set_side_to_move(Seat s);
  void set_counters(int quiet_plies, int ply) {
    quiet_plies_ = quiet_plies;
    ply_ = ply;
  }
  void set_rules(const Rules& rules) { rules_ = rules; }
  // Applies the end-of-turn rules to a position just set up, as make() does after a move:
  // seats that cannot move on their turn go out (see above). The Undo is discarded.
  void settle();

  // --- queries ---
  Piece piece_on(Square s) const { return board_[s]; }
  Seat side_to_move() const { return side_; }
  int quiet_plies() const { return quiet_plies_; }
  int ply() const { return ply_; }
  uint64_t hash() const { return hash_; }
  const Rules& rules() const { return rules_; }
  Bitboard pieces(Seat s) const { return by_seat_[s]; }
  Bitboard pieces(PieceType t) const { return by_type_[t]; }
  Bitboard pieces(Seat s, PieceType t) const { return by_seat_[s] & by_type_[t]; }
  Bitboard team_pieces(Seat s) const { return by_seat_[s] | by_seat_[ally_of(s)]; }
  Bitboard occupied() const { return by_seat_[0] | by_seat_[1] | by_seat_[2] | by_seat_[3]; }
  bool in_game(Seat s) const { return bool(pieces(s, kFlag)); }
  bool team_out(int team) const { return !in_game(Seat(team)) && !in_game(Seat(team + 2)); }
  // How the last seat to go out went (kNone if none went out since the position was set up).
  EndReason out_reason() const { return out_reason_; }

  uint64_t compute_hash() const;

  // Plays a legal move (movegen decides legality) and settles what follows; returns the
  // fight's outcome.
  Outcome make(Move m, Undo& u);
  void unmake(const Undo& u);

  bool operator==(const Position& o) const {
    return board_ == o.board_ && side_ == o.side_ && quiet_plies_ == o.quiet_plies_ && ply_ == o.ply_ &&
           rules_ == o.rules_;
  }

 private:
  void eliminate(Seat s, EndReason why, Undo& u);
  void settle(Undo& u);
  // The next seat after s that is still in (s itself if it is the only one).
  Seat next_in_game(Seat s) const;

  std::array<Bitboard, kSeats> by_seat_{};
  std::array<Bitboard, kPieceTypes + 1> by_type_{};  // + kUnknownType, for views
  std::array<Piece, Board::kSquares> board_;
  Seat side_ = kSouth;
  EndReason out_reason_ = EndReason::kNone;
  int quiet_plies_ = 0;
  int ply_ = 0;
  uint64_t hash_ = 0;
  Rules rules_;
};

// The ends of RULES.md §6 for four seats: a team out (the other wins; both out at once, a
// draw), the no-capture draw, max_plies. A seat that cannot move is put out by make() and
// settle(), so there is no separate "no legal move" end.
Status status_without_movegen(const Position& pos);
// The same ends from what they depend on, for views that know which seats are out but not
// where the hidden Flags stand.
Status end_status(bool team0_out, bool team1_out, EndReason out_reason, int quiet_plies, int ply,
                  const Rules& rules);
inline Status game_status(const Position& pos) { return status_without_movegen(pos); }

}  // namespace junqi::engine::four
