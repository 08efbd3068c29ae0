#pragma once
// Links from every square to the nearest headquarters of a side, by breadth-first search
// over all links (ignoring pieces): how far a piece is from the enemy flag's candidates.
// The one-ply baselines steer their quiet moves by it.

#include <array>

#include "engine/geometry.h"
#include "engine/types.h"

namespace junqi::search {

using HeadquartersDistance = std::array<int, engine::TwoPlayerBoard::kSquares>;

inline const HeadquartersDistance& distance_to_headquarters(engine::Color side) {
  using Board = engine::TwoPlayerBoard;
  static const std::array<HeadquartersDistance, engine::kColors> kDistance = [] {
    std::array<HeadquartersDistance, engine::kColors> all;
    for (const engine::Color c : {engine::kRed, engine::kBlue}) {
      HeadquartersDistance& dist = all[c];
      dist.fill(-1);
      engine::Bitboard64 frontier = Board::kT.headquarters & Board::kT.half[c], seen = frontier;
      for (int d = 0; frontier; ++d) {
        engine::Bitboard64 next = 0;
        for (engine::Bitboard64 b = frontier; b;) {
          const engine::Square s = engine::pop_lsb(b);
          dist[s] = d;
          next |= Board::kT.links[s];
        }
        frontier = next & ~seen;
        seen |= frontier;
      }
    }
    return all;
  }();
  return kDistance[side];
}

}  // namespace junqi::search
