#pragma once
// Text forms of NOTATION.md for the 2-player board: squares, pieces, moves, annotated
// moves and JFEN position strings. Parsers throw Error saying what is wrong and where.

#include <array>
#include <optional>
#include <string>
#include <string_view>

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
struct JfenFields {
  std::array<Piece, Board::kSquares> board;
  Color side = kRed;
  int quiet_plies = 0;
  int ply = 0;
};
JfenFields parse_jfen_fields(std::string_view jfen, bool allow_unknown);

// A full-information position (no X / x) under the given rules.
Position parse_jfen(std::string_view jfen, const Rules& rules = {});
std::string to_jfen(const Position& pos);
std::string to_jfen(const JfenFields& fields);

}  // namespace junqi::engine
