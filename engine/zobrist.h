#pragma once
// Zobrist keys, generated at compile time from a fixed seed so hashes are the same in
// every build and every process (records and tests can compare them).

#include <array>
#include <cstdint>

#include "engine/types.h"

namespace junqi::engine {

constexpr uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

template <int Squares>
struct Zobrist {
  std::array<std::array<uint64_t, Squares>, kPieceCodes> piece_square{};
  uint64_t blue_to_move = 0;

  static constexpr Zobrist build() {
    Zobrist z;
    uint64_t state = 0x4A554E5149ull;  // "JUNQI"
    for (auto& row : z.piece_square)
      for (auto& key : row) key = splitmix64(state);
    for (int s = 0; s < Squares; ++s) z.piece_square[kNoPiece][s] = 0;  // empty squares hash to 0
    z.blue_to_move = splitmix64(state);
    return z;
  }
};

}  // namespace junqi::engine
