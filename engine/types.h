#pragma once
// Basic vocabulary of the engine: sides, piece types, pieces, squares and moves.

#include <cstdint>

namespace junqi::engine {

enum Color : uint8_t { kRed = 0, kBlue = 1 };
constexpr int kColors = 2;
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// Piece types in rank order (RULES.md §2): the officer order is the enum order, so
// "higher rank" is "smaller value" for Marshal..Engineer.
enum PieceType : uint8_t {
  kMarshal, kGeneral, kDivision, kBrigade, kRegiment, kBattalion,
  kCompany, kPlatoon, kEngineer, kBomb, kMine, kFlag,
  kUnknownType,  // X / x: a piece the viewer cannot identify (views only)
  kNoType,
};
constexpr int kPieceTypes = 12;  // real types, kMarshal..kFlag

// How many pieces of each type a side starts with (RULES.md §2).
constexpr int kPieceCount[kPieceTypes] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 2, 3, 1};
constexpr int kPiecesPerSide = 25;

constexpr bool is_officer_or_engineer(PieceType t) { return t <= kEngineer; }
constexpr bool is_immobile_type(PieceType t) { return t == kMine || t == kFlag; }

// Piece = color * 16 + type. kNoPiece keeps colour 0 so that type_of() of an empty
// square is kNoType and tables indexed by Piece stay small (32 entries).
enum Piece : uint8_t { kNoPiece = kNoType };
constexpr int kPieceCodes = 32;
constexpr Piece make_piece(Color c, PieceType t) { return Piece((c << 4) | t); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 15); }
constexpr Color color_of(Piece p) { return Color(p >> 4); }

// Squares are indices 0..kSquares-1 of the board type in use; the 2-player board
// numbers them rank-major (see geometry.h).
using Square = uint8_t;
constexpr Square kNoSquare = 0xFF;

// Move = from | to << 8. Eight bits per square leave room for the 129-square board.
// A move never goes from a square to itself, so 0 is the null move.
enum Move : uint16_t { kNullMove = 0 };
constexpr Move make_move(Square from, Square to) { return Move(from | (to << 8)); }
constexpr Square from_sq(Move m) { return Square(m & 0xFF); }
constexpr Square to_sq(Move m) { return Square(m >> 8); }
// The flip game's action "turn up the piece on s" (b7^): a Move whose to-square is the
// marker kFlipTo, which no board has.
constexpr Square kFlipTo = 0xFE;
constexpr Move make_flip(Square s) { return make_move(s, kFlipTo); }
constexpr bool is_flip(Move m) { return to_sq(m) == kFlipTo; }

// What happened when a move was made (RULES.md §5).
enum class Outcome : uint8_t {
  kQuiet,         // moved to an empty square
  kAttackerWins,  // the defender was removed, the attacker stands on its square
  kDefenderWins,  // the attacker was removed, the defender stays
  kBothDie,       // both removed
};

}  // namespace junqi::engine
