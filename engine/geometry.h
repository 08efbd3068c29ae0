#pragma once
// The 2-player board of RULES.md §1, generated at compile time from its description
// (which squares are camps, headquarters, railway; which pairs are linked) rather than
// typed in by hand. Move generation is templated on a board type with this interface,
// so the 129-square four-player board can be added beside it with a wider Bitboard.

#include <array>

#include "engine/bitboard.h"
#include "engine/types.h"

namespace junqi::engine {

// Railway directions: along a rank (east/west) or along a file (north/south).
enum Direction : uint8_t { kEast, kWest, kNorth, kSouth };
constexpr int kDirections = 4;

struct TwoPlayerBoard {
  using Bitboard = Bitboard64;
  static constexpr int kFiles = 5;
  static constexpr int kRanks = 12;
  static constexpr int kSquares = kFiles * kRanks;

  // Square index: rank-major, file a..e, rank 1..12 (rank 1 = index 0..4).
  static constexpr Square square(int file, int rank) { return Square((rank - 1) * kFiles + file); }
  static constexpr int file_of(Square s) { return s % kFiles; }
  static constexpr int rank_of(Square s) { return s / kFiles + 1; }
  // Index step of one square in each railway direction.
  static constexpr int kDirStep[kDirections] = {1, -1, kFiles, -kFiles};

  struct Tables {
    Bitboard camps = 0, headquarters = 0, railway = 0;
    Bitboard half[kColors] = {0, 0};        // ranks 1-6 / 7-12
    Bitboard back_ranks[kColors] = {0, 0};  // where mines may stand
    Bitboard front_rank[kColors] = {0, 0};  // where bombs may not stand
    std::array<Bitboard, kSquares> links{};       // every neighbour (road or railway)
    std::array<Bitboard, kSquares> rail_links{};  // railway neighbours only
    // rays[s][d]: squares along the straight railway line from s in direction d.
    std::array<std::array<Bitboard, kDirections>, kSquares> rays{};
    // Squares with a railway link to the square east of / north of them; the flood fill
    // of engineer runs shifts through these masks instead of walking a graph.
    Bitboard rail_east = 0, rail_north = 0;
  };

  static constexpr Tables build();
  static const Tables kT;  // defined below, after build() is complete

  // Every square one railway link away from a square of b: four shifts through the
  // link masks, so a flood fill over the railway costs a few operations per layer.
  static constexpr Bitboard rail_expand(Bitboard b);
};

namespace geometry_detail {

constexpr bool is_camp(int f, int r) {
  const int own = r <= 6 ? r : 13 - r;  // rank counted from the owner's back rank
  return ((own == 3 || own == 5) && (f == 1 || f == 3)) || (own == 4 && f == 2);
}
constexpr bool is_headquarters(int f, int r) { return (r == 1 || r == 12) && (f == 1 || f == 3); }
constexpr bool is_rail_rank(int r) { return r == 2 || r == 6 || r == 7 || r == 11; }
// Railway link from (f, r) to (f + 1, r).
constexpr bool rail_east(int f, int r) { return f < 4 && is_rail_rank(r); }
// Railway link from (f, r) to (f, r + 1): files a and e from rank 2 to 11, and c6-c7.
constexpr bool rail_north(int f, int r) {
  return ((f == 0 || f == 4) && r >= 2 && r <= 10) || (f == 2 && r == 6);
}
// Any link from (f, r) to (f, r + 1): inside a half, or one of the three crossings.
constexpr bool link_north(int f, int r) { return r < 12 && (r != 6 || rail_north(f, r)); }

}  // namespace geometry_detail

constexpr TwoPlayerBoard::Tables TwoPlayerBoard::build() {
  using namespace geometry_detail;
  Tables t;
  auto link = [&](Square a, Square b, bool rail) {
    t.links[a] |= square_bb(b);
    t.links[b] |= square_bb(a);
    if (rail) {
      t.rail_links[a] |= square_bb(b);
      t.rail_links[b] |= square_bb(a);
    }
  };
  for (int r = 1; r <= kRanks; ++r)
    for (int f = 0; f < kFiles; ++f) {
      const Square s = square(f, r);
      const Color owner = r <= 6 ? kRed : kBlue;
      const int own_rank = r <= 6 ? r : 13 - r;
      t.half[owner] |= square_bb(s);
      if (own_rank <= 2) t.back_ranks[owner] |= square_bb(s);
      if (own_rank == 6) t.front_rank[owner] |= square_bb(s);
      if (is_camp(f, r)) t.camps |= square_bb(s);
      if (is_headquarters(f, r)) t.headquarters |= square_bb(s);
      if (f < 4) link(s, square(f + 1, r), rail_east(f, r));
      if (link_north(f, r)) link(s, square(f, r + 1), rail_north(f, r));
      if (rail_east(f, r)) t.rail_east |= square_bb(s);
      if (rail_north(f, r)) t.rail_north |= square_bb(s);
      if (is_camp(f, r))  // a camp links to its four diagonal neighbours
        for (int df : {-1, 1})
          for (int dr : {-1, 1}) link(s, square(f + df, r + dr), false);
    }
  for (int s = 0; s < kSquares; ++s) {
    if (t.rail_links[s]) t.railway |= square_bb(Square(s));
    // A straight line continues while the railway link in that direction exists.
    for (int d = 0; d < kDirections; ++d) {
      int cur = s;
      while (true) {
        const int next = cur + kDirStep[d];
        if (next < 0 || next >= kSquares) break;
        const bool same_rank = next / kFiles == cur / kFiles;
        if ((d == kEast || d == kWest) && !same_rank) break;
        if (!(t.rail_links[cur] & square_bb(Square(next)))) break;
        t.rays[s][d] |= square_bb(Square(next));
        cur = next;
      }
    }
  }
  return t;
}

inline constexpr TwoPlayerBoard::Tables TwoPlayerBoard::kT = TwoPlayerBoard::build();

constexpr TwoPlayerBoard::Bitboard TwoPlayerBoard::rail_expand(Bitboard b) {
  return ((b & kT.rail_east) << 1) | ((b >> 1) & kT.rail_east) |
         ((b & kT.rail_north) << kFiles) | ((b >> kFiles) & kT.rail_north);
}

}  // namespace junqi::engine
