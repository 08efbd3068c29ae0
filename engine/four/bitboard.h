#pragma once
// The four-player board's bitboard: 129 squares do not fit a uint64_t, so three words
// (square s is bit s % 64 of word s / 64). The 2-player board keeps its plain uint64_t
// (engine/bitboard.h); this type is only used by the four-player code.

#include <array>
#include <bit>
#include <cstdint>

#include "engine/types.h"

namespace junqi::engine::four {

struct Bitboard {
  static constexpr int kWords = 3;
  std::array<uint64_t, kWords> w{};

  // Built in registers: writing one word at a run-time index and reading the three back
  // stalls on store forwarding (make/unmake spent half their time there).
  static constexpr Bitboard of(Square s) {
    const uint64_t bit = uint64_t(1) << (s & 63);
    const int word = s >> 6;
    return {{word == 0 ? bit : 0, word == 1 ? bit : 0, word == 2 ? bit : 0}};
  }
  constexpr bool has(Square s) const { return (w[s >> 6] >> (s & 63)) & 1; }
  constexpr bool empty() const { return (w[0] | w[1] | w[2]) == 0; }
  constexpr explicit operator bool() const { return !empty(); }

  constexpr Bitboard operator&(const Bitboard& o) const {
    return {{w[0] & o.w[0], w[1] & o.w[1], w[2] & o.w[2]}};
  }
  constexpr Bitboard operator|(const Bitboard& o) const {
    return {{w[0] | o.w[0], w[1] | o.w[1], w[2] | o.w[2]}};
  }
  constexpr Bitboard operator^(const Bitboard& o) const {
    return {{w[0] ^ o.w[0], w[1] ^ o.w[1], w[2] ^ o.w[2]}};
  }
  // Bits past square 128 stay set in ~b; every use masks ~b with a board set first.
  constexpr Bitboard operator~() const { return {{~w[0], ~w[1], ~w[2]}}; }
  constexpr Bitboard& operator&=(const Bitboard& o) { return *this = *this & o; }
  constexpr Bitboard& operator|=(const Bitboard& o) { return *this = *this | o; }
  constexpr Bitboard& operator^=(const Bitboard& o) { return *this = *this ^ o; }
  constexpr bool operator==(const Bitboard&) const = default;
};

constexpr int popcount(const Bitboard& b) {
  return std::popcount(b.w[0]) + std::popcount(b.w[1]) + std::popcount(b.w[2]);
}

// The lowest square of a non-empty bitboard.
constexpr Square lsb(const Bitboard& b) {
  if (b.w[0]) return Square(std::countr_zero(b.w[0]));
  if (b.w[1]) return Square(64 + std::countr_zero(b.w[1]));
  return Square(128 + std::countr_zero(b.w[2]));
}

// Removes and returns the lowest square of a non-empty bitboard.
constexpr Square pop_lsb(Bitboard& b) {
  for (int i = 0; i < Bitboard::kWords; ++i)
    if (b.w[i]) {
      const Square s = Square(64 * i + std::countr_zero(b.w[i]));
      b.w[i] &= b.w[i] - 1;
      return s;
    }
  return kNoSquare;
}

}  // namespace junqi::engine::four
