#pragma once
// Seats of the four-player game (RULES.md §8): South, East, North, West, playing in that
// order; opposite seats are partners. A piece is seat * 16 + type, so type_of() of
// engine/types.h serves both games; seat_of() replaces color_of().

#include <cstdint>

#include "engine/types.h"

namespace junqi::engine::four {

enum Seat : uint8_t { kSouth, kEast, kNorth, kWest };
constexpr int kSeats = 4;

// Team 0 is South and North, team 1 East and West.
constexpr int kTeams = 2;
constexpr int team_of(Seat s) { return s & 1; }
constexpr Seat ally_of(Seat s) { return Seat(s ^ 2); }
// The seat that plays after s (eliminated seats are skipped by the position, not here).
constexpr Seat next_seat(Seat s) { return Seat((s + 1) & 3); }
// The seat on s's left as it faces the centre: its a6 and that seat's e6 share an arc.
constexpr Seat left_of(Seat s) { return Seat((s + 3) & 3); }

constexpr char kSeatLetters[kSeats + 1] = "SENW";
constexpr char seat_letter(Seat s) { return kSeatLetters[s]; }

constexpr Piece make_piece(Seat s, PieceType t) { return Piece((s << 4) | t); }
constexpr Seat seat_of(Piece p) { return Seat(p >> 4); }
// Piece codes: 4 seats x 16 types.
constexpr int kPieceCodes = 64;

}  // namespace junqi::engine::four
