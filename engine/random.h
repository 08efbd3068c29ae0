#pragma once
// A small, fast, seedable generator whose output is the same on every platform
// (std:: distributions are not), so a seed reproduces deployments and games anywhere.

#include <cstdint>

#include "engine/zobrist.h"

namespace junqi::engine {

__extension__ typedef unsigned __int128 Uint128;  // GCC/Clang builtin, for 64x64->128 products

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t next() { return splitmix64(state_); }
  // Uniform in [0, n), n > 0, without modulo bias (Lemire's method).
  uint64_t below(uint64_t n) {
    Uint128 m = (Uint128)next() * n;
    if (uint64_t(m) < n) {
      const uint64_t threshold = -n % n;
      while (uint64_t(m) < threshold) m = (Uint128)next() * n;
    }
    return uint64_t(m >> 64);
  }

 private:
  uint64_t state_;
};

}  // namespace junqi::engine
