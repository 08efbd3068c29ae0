#include "engine/flip.h"

namespace junqi::engine {

using Bitboard = FlipPosition::Bitboard;

void FlipPosition::put_piece(Square s, Piece p, bool face_down) {
  board_.put_piece(s, p);
  if (face_down) face_down_ |= square_bb(s);
}

void FlipPosition::set_side_to_move(Color c, bool colours_assigned) {
  board_.set_side_to_move(c);
  colours_assigned_ = colours_assigned;
}

Outcome FlipPosition::make(Move action, Undo& u) {
  u.action = action;
  u.face_down = face_down_;
  u.colours_assigned = colours_assigned_;
  u.side = board_.side_to_move();
  u.first_colour = first_colour_;
  u.quiet_plies = board_.quiet_plies();
  if (!is_flip(action)) return board_.make(action, u.move);
  const Square s = from_sq(action);
  const Piece turned = board_.piece_on(s);
  face_down_ ^= square_bb(s);
  Color next = ~board_.side_to_move();
  // The flip that assigns colours gives its player the turned piece's colour; the other
  // player, who acts next, has the other one.
  if (!colours_assigned_ && (rules().flip_colour == FlipColour::kFirstFlip || type_of(turned) == kEngineer)) {
    colours_assigned_ = true;
    next = ~color_of(turned);
    first_colour_ = player_to_move() == 0 ? color_of(turned) : next;
  }
  board_.set_side_to_move(next);
  board_.set_counters(0, board_.ply() + 1);
  return Outcome::kQuiet;
}

void FlipPosition::unmake(const Undo& u) {
  if (!is_flip(u.action)) {
    board_.unmake(u.move);
    return;
  }
  face_down_ = u.face_down;
  colours_assigned_ = u.colours_assigned;
  first_colour_ = u.first_colour;
  board_.set_side_to_move(u.side);
  board_.set_counters(u.quiet_plies, board_.ply() - 1);
}

void FlipPosition::exchange_face_down(Square a, Square b) {
  const Piece pa = board_.piece_on(a), pb = board_.piece_on(b);
  board_.remove_piece(a);
  board_.remove_piece(b);
  board_.put_piece(a, pb);
  board_.put_piece(b, pa);
}

Bitboard shielded_pieces(const FlipPosition& pos) {
  Bitboard shielded = pos.face_down();
  const Position& b = pos.board();
  if (pos.rules().flip_flag_capture == FlipFlagCapture::kAfterMines)
    for (Color c : {kRed, kBlue})
      if (b.pieces(c, kMine)) shielded |= b.pieces(c, kFlag);
  return shielded;
}

Bitboard movable_pieces(const FlipPosition& pos) {
  if (!pos.colours_assigned()) return 0;
  return movable_pieces(pos.board()) & ~pos.face_down();
}

// The loops choose the movement rules once, as the base game's do (movegen.h).
void generate(const FlipPosition& pos, MoveList& list) {
  using namespace movegen_detail;
  Move* out = list.moves.data();
  for (Bitboard down = pos.face_down(); down;) *out++ = make_flip(pop_lsb(down));
  const Bitboard pieces = movable_pieces(pos), shielded = shielded_pieces(pos);
  out = pos.rules().standard_movement() ? generate_under<true>(pos.board(), pieces, shielded, out)
                                        : generate_under<false>(pos.board(), pieces, shielded, out);
  list.size = int(out - list.moves.data());
}

int count_moves(const FlipPosition& pos) {
  using namespace movegen_detail;
  const Bitboard pieces = movable_pieces(pos), shielded = shielded_pieces(pos);
  return popcount(pos.face_down()) + (pos.rules().standard_movement()
                                          ? count_moves_under<true>(pos.board(), pieces, shielded)
                                          : count_moves_under<false>(pos.board(), pieces, shielded));
}

bool is_legal(const FlipPosition& pos, Move action) {
  const Square from = from_sq(action), to = to_sq(action);
  if (from >= TwoPlayerBoard::kSquares) return false;
  if (is_flip(action)) return (pos.face_down() & square_bb(from)) != 0;
  if (to >= TwoPlayerBoard::kSquares || !(movable_pieces(pos) & square_bb(from))) return false;
  return (destinations(pos.board(), from, shielded_pieces(pos)) & square_bb(to)) != 0;
}

GameStatus status_without_movegen(const FlipPosition& pos) {
  const Position& b = pos.board();
  const Color us = b.side_to_move();
  if (!b.has_flag(us)) return {win_for(~us), EndReason::kFlag};
  if (!b.has_flag(~us)) return {win_for(us), EndReason::kFlag};
  // Movable by type, face up or face down, wherever it stands (§7.1); `immobile = at-once`
  // goes by place too, so without hq_exit a piece in a headquarters no longer counts.
  Bitboard movable = b.occupied() & ~b.pieces(kMine) & ~b.pieces(kFlag);
  if (pos.rules().immobile == Immobile::kAtOnce) movable = movable_pieces(b, kRed) | movable_pieces(b, kBlue);
  const GameStatus stuck = immobile_status(!(movable & b.pieces(kRed)), !(movable & b.pieces(kBlue)));
  if (stuck.over()) return stuck;
  if (b.quiet_plies() >= pos.rules().no_capture_draw) return {Result::kDraw, EndReason::kNoCaptureDraw};
  if (b.ply() >= pos.rules().max_plies) return {Result::kDraw, EndReason::kMaxPlies};
  return {};
}

GameStatus game_status(const FlipPosition& pos) {
  const GameStatus s = status_without_movegen(pos);
  if (s.over()) return s;
  if (count_moves(pos) == 0) return {win_for(~pos.side_to_move()), EndReason::kNoMoves};
  return {};
}

FlipPosition random_flip_layout(Rng& rng, const Rules& rules) {
  std::array<Piece, 2 * kPiecesPerSide> pieces;
  int n = 0;
  for (Color c : {kRed, kBlue})
    for (int t = 0; t < kPieceTypes; ++t)
      for (int k = 0; k < kPieceCount[t]; ++k) pieces[n++] = make_piece(c, PieceType(t));
  // Fisher-Yates: every arrangement of the 50 pieces over the 50 squares equally likely.
  for (int i = n - 1; i > 0; --i) std::swap(pieces[i], pieces[rng.below(uint64_t(i + 1))]);
  FlipPosition pos;
  n = 0;
  for (int s = 0; s < TwoPlayerBoard::kSquares; ++s)
    if (!(TwoPlayerBoard::kT.camps & square_bb(Square(s)))) pos.put_piece(Square(s), pieces[n++], true);
  pos.set_side_to_move(kRed, false);
  pos.set_rules(rules);
  return pos;
}

}  // namespace junqi::engine
