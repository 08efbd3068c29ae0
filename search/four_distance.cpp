#include "search/four_distance.h"

namespace junqi::search {

using namespace junqi::engine::four;

const FourDistance& distance_to_headquarters(Seat seat) {
  static const std::array<FourDistance, kSeats> kDistance = [] {
    std::array<FourDistance, kSeats> all;
    for (int s = 0; s < kSeats; ++s) {
      FourDistance& dist = all[size_t(s)];
      dist.fill(Board::kSquares);
      Bitboard frontier = Board::kT.headquarters & Board::kT.half[s];
      Bitboard seen = frontier;
      for (int d = 0; frontier; ++d) {
        Bitboard next;
        for (Bitboard b = frontier; b;) {
          const engine::Square sq = pop_lsb(b);
          dist[sq] = d;
          next |= Board::kT.links[sq];
        }
        frontier = next & Board::kT.all & ~seen;
        seen |= frontier;
      }
    }
    return all;
  }();
  return kDistance[seat];
}

}  // namespace junqi::search
