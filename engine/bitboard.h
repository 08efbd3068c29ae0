#pragma once
// Bitboard primitives. A bitboard is one bit per square; the 2-player board uses
// uint64_t. Wider boards provide their own type with the same free functions.

#include <bit>
#include <cstdint>

#include "engine/types.h"

namespace junqi::engine {

using Bitboard64 = uint64_t;

constexpr Bitboard64 square_bb(Square s) { return Bitboard64(1) << s; }
constexpr int popcount(Bitboard64 b) { return std::popcount(b); }
constexpr Square lsb(Bitboard64 b) { return Square(std::countr_zero(b)); }
constexpr Square msb(Bitboard64 b) { return Square(63 - std::countl_zero(b)); }
constexpr bool more_than_one(Bitboard64 b) { return (b & (b - 1)) != 0; }

// Removes and returns the lowest square of a non-empty bitboard.
inline Square pop_lsb(Bitboard64& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

}  // namespace junqi::engine
