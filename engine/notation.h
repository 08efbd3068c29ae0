#pragma once
// Text forms of NOTATION.md for the 2-player board: squares, pieces, moves, annotated
// moves and JFEN position strings. Parsers throw Error saying what is wrong and where.

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "engine/flip.h"
#include "engine/position.h"
#include "engine/types.h"

namespace junqi::engine {

using Board = TwoPlayerBoard;

std::string square_name(Square s);                       // "a1" .. "e12"
std::optional<Square> parse_square(std::string_view s);  // nullopt if not a square

char piece_char(Piece p);                          // 'M' red marshal, 'x' unknown blue, '.' none
std::optional<Piece> parse_piece_char(char c);     // real pieces and X / x
char type_char(PieceType t);                       // uppercase letter
std::string_view type_name(PieceType t);           // "Field Marshal", ...
std::optional<PieceType> parse_type_char(char c);  // uppercase letters of real types

std::string move_string(Move m);       // "a6-a7"
Move parse_move(std::string_view s);   // throws Error
// "a6-a7" for a quiet move, "a6xa7>" / "a6xa7<" / "a6xa7=" for fights.
std::string annotated_move(Move m, Outcome o);

// A JFEN's fields as parsed, before any full-information check: views may hold X / x.
// Flip positions (parsed with flip = true) add face-down squares: `*T` a face-down piece
// whose identity the writer knows (board holds it), `?` one it does not (board holds
// kNoPiece); and the side to move `1` / `2` (first / second player, stored as kRed /
// kBlue) while colours are not assigned.
struct JfenFields {
  std::array<Piece, Board::kSquares> board;
  Board::Bitboard face_down = 0;
  bool colours_assigned = true;
  Color side = kRed;
  int quiet_plies = 0;
  int ply = 0;
};
JfenFields parse_jfen_fields(std::string_view jfen, bool allow_unknown, bool flip = false);

// A full-information position (no X / x) under the given rules.
Position parse_jfen(std::string_view jfen, const Rules& rules = {});
std::string to_jfen(const Position& pos);

// A flip position (full information: face-down pieces written `*X`, never `?`). Beyond
// the JFEN checks: before colours are assigned nothing can have been removed, so all 50
// pieces must stand, and camps (empty at the start) hold no face-down piece.
FlipPosition parse_flip_jfen(std::string_view jfen, const Rules& rules);
std::string to_jfen(const FlipPosition& pos);
std::string to_jfen(const JfenFields& fields);

}  // namespace junqi::engine
