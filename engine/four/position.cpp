#include "engine/four/position.h"

#include <cassert>

#include "engine/four/movegen.h"
#include "engine/zobrist.h"

namespace junqi::engine::four {
namespace {

// Zobrist keys of the four-player board, from a fixed seed of their own.
struct Keys {
  std::array<std::array<uint64_t, Board::kSquares>, kPieceCodes> piece_square{};
  std::array<uint64_t, kSeats> to_move{};
};

constexpr Keys build_keys() {
  Keys k;
  uint64_t state = 0x4A554E514934ull;  // "JUNQI4"
  for (auto& row : k.piece_square)
    for (auto& key : row) key = splitmix64(state);
  for (auto& key : k.piece_square[kNoPiece]) key = 0;  // empty squares hash to 0
  for (auto& key : k.to_move) key = splitmix64(state);
  k.to_move[kSouth] = 0;  // an empty position, South to move, hashes to 0
  return k;
}

const Keys kKeys = build_keys();

}  // namespace

void Position::put_piece(Square s, Piece p) {
  assert(board_[s] == kNoPiece && type_of(p) <= kUnknownType);
  board_[s] = p;
  by_seat_[seat_of(p)] |= Bitboard::of(s);
  by_type_[type_of(p)] |= Bitboard::of(s);
  hash_ ^= kKeys.piece_square[p][s];
}

void Position::remove_piece(Square s) {
  const Piece p = board_[s];
  assert(p != kNoPiece);
  board_[s] = kNoPiece;
  by_seat_[seat_of(p)] ^= Bitboard::of(s);
  by_type_[type_of(p)] ^= Bitboard::of(s);
  hash_ ^= kKeys.piece_square[p][s];
}

void Position::set_side_to_move(Seat s) {
  hash_ ^= kKeys.to_move[side_] ^ kKeys.to_move[s];
  side_ = s;
}

uint64_t Position::compute_hash() const {
  uint64_t h = kKeys.to_move[side_];
  for (int s = 0; s < Board::kSquares; ++s) h ^= kKeys.piece_square[board_[s]][s];
  return h;
}

Seat Position::next_in_game(Seat s) const {
  for (Seat n = next_seat(s); n != s; n = next_seat(n))
    if (in_game(n)) return n;
  return s;
}

void Position::eliminate(Seat s, EndReason why, Undo& u) {
  for (Bitboard left = by_seat_[s]; left;) {
    const Square sq = pop_lsb(left);
    u.removed[u.removed_count++] = {sq, board_[sq]};
    remove_piece(sq);
  }
  out_reason_ = why;
  quiet_plies_ = 0;
}

// The seat to move is always one still in (unless every seat is out), so a finished
// game's J4FEN names a seat that is in.
void Position::settle(Undo& u) {
  if (team_out(0) || team_out(1)) return;
  if (rules_.immobile == Immobile::kAtOnce) {
    for (int s = 0; s < kSeats; ++s)
      if (in_game(Seat(s)) && !movable_pieces(*this, Seat(s)))
        eliminate(Seat(s), EndReason::kNoMovablePieces, u);
    if (!in_game(side_)) set_side_to_move(next_in_game(side_));
    if (team_out(0) || team_out(1)) return;
  }
  if (quiet_plies_ >= rules_.no_capture_draw || ply_ >= rules_.max_plies) return;
  while (!has_move(*this, side_)) {
    eliminate(side_, EndReason::kNoMoves, u);
    set_side_to_move(next_in_game(side_));
    if (team_out(0) || team_out(1)) return;
  }
}

void Position::settle() {
  Undo u;
  u.removed_count = 0;
  settle(u);
}

Outcome Position::make(Move m, Undo& u) {
  const Square from = from_sq(m), to = to_sq(m);
  const Piece mover = board_[from], target = board_[to];
  const Outcome outcome =
      target == kNoPiece ? Outcome::kQuiet : fight(type_of(mover), type_of(target), rules_.mine);
  u.move = m;
  u.mover = mover;
  u.target = target;
  u.outcome = outcome;
  u.side = side_;
  u.out_reason = out_reason_;
  u.quiet_plies = uint16_t(quiet_plies_);
  u.hash = hash_;
  u.removed_count = 0;
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
  // A Flag attacked is always taken (combat.h): its seat is out.
  if (type_of(target) == kFlag) eliminate(seat_of(target), EndReason::kFlag, u);
  set_side_to_move(next_in_game(side_));
  settle(u);
  return outcome;
}

void Position::unmake(const Undo& u) {
  for (int i = u.removed_count - 1; i >= 0; --i) put_piece(u.removed[i].square, u.removed[i].piece);
  const Square from = from_sq(u.move), to = to_sq(u.move);
  if (board_[to] != kNoPiece) remove_piece(to);
  put_piece(from, u.mover);
  if (u.target != kNoPiece) put_piece(to, u.target);
  side_ = u.side;
  out_reason_ = u.out_reason;
  --ply_;
  quiet_plies_ = u.quiet_plies;
  hash_ = u.hash;
}

Status end_status(bool team0_out, bool team1_out, EndReason out_reason, int quiet_plies, int ply,
                  const Rules& rules) {
  if (team0_out || team1_out) return {team0_out && team1_out ? Result::kDraw : win_for_team(team0_out ? 1 : 0), out_reason};
  if (quiet_plies >= rules.no_capture_draw) return {Result::kDraw, EndReason::kNoCaptureDraw};
  if (ply >= rules.max_plies) return {Result::kDraw, EndReason::kMaxPlies};
  return {};
}

Status status_without_movegen(const Position& pos) {
  return end_status(pos.team_out(0), pos.team_out(1), pos.out_reason(), pos.quiet_plies(), pos.ply(), pos.rules());
}

}  // namespace junqi::engine::four
