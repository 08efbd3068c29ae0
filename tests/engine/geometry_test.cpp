// The 2-player board of RULES.md §1, counted by hand and compared with the generated
// tables of engine/geometry.h.

#include "engine/geometry.h"

#include <gtest/gtest.h>

#include <string_view>

#include "engine/notation.h"

namespace junqi::engine {
namespace {

using B = TwoPlayerBoard;

Square sq(std::string_view name) {
  const auto s = parse_square(name);
  EXPECT_TRUE(s.has_value()) << name;
  return s.value_or(0);
}

bool linked(std::string_view a, std::string_view b) { return (B::kT.links[sq(a)] & square_bb(sq(b))) != 0; }
bool rail_linked(std::string_view a, std::string_view b) {
  return (B::kT.rail_links[sq(a)] & square_bb(sq(b))) != 0;
}

// Bitboard from a space-separated list of square names.
B::Bitboard squares(std::string_view names) {
  B::Bitboard b = 0;
  size_t start = 0;
  while (start < names.size()) {
    size_t end = names.find(' ', start);
    if (end == std::string_view::npos) end = names.size();
    if (end > start) b |= square_bb(sq(names.substr(start, end - start)));
    start = end + 1;
  }
  return b;
}

TEST(Geometry, SquareCount) { EXPECT_EQ(B::kSquares, 60); }  // 5 files x 12 ranks

TEST(Geometry, LinkCounts) {
  // Per half (5 files x 6 ranks): 4*6 = 24 rank neighbours + 5*5 = 25 file neighbours = 49
  // orthogonal road links, plus 5 camps x 4 diagonals = 20, of which the four pairs
  // b3-c4, d3-c4, b5-c4, d5-c4 are counted from both ends -> 16 distinct diagonals.
  // Two halves: 2 * (49 + 16) = 130, plus the three front crossings a6-a7 c6-c7 e6-e7 = 133.
  // Railway: ranks 2, 6, 7, 11 with 4 links each = 16; files a and e from rank 2 to 11
  // with 9 links each = 18; c6-c7 = 1; total 35, leaving 133 - 35 = 98 road links.
  int links = 0, rail = 0;
  for (int s = 0; s < B::kSquares; ++s) {
    links += popcount(B::kT.links[s]);
    rail += popcount(B::kT.rail_links[s]);
    // A railway link is a link; nothing links to itself.
    EXPECT_EQ(B::kT.rail_links[s] & ~B::kT.links[s], 0u) << square_name(Square(s));
    EXPECT_EQ(B::kT.links[s] & square_bb(Square(s)), 0u) << square_name(Square(s));
    // Links are symmetric.
    for (auto n = B::kT.links[s]; n;) {
      const Square t = pop_lsb(n);
      EXPECT_TRUE(B::kT.links[t] & square_bb(Square(s))) << square_name(Square(s)) << "-" << square_name(t);
    }
  }
  EXPECT_EQ(links / 2, 133);
  EXPECT_EQ(rail / 2, 35);
  EXPECT_EQ(links / 2 - rail / 2, 98);
}

TEST(Geometry, RailwaySquares) {
  // Ranks 2, 6, 7, 11 (4 x 5 = 20) plus files a and e on ranks 3-5 and 8-10 (2 x 6 = 12).
  const auto expected = squares(
      "a2 b2 c2 d2 e2 a6 b6 c6 d6 e6 a7 b7 c7 d7 e7 a11 b11 c11 d11 e11 "
      "a3 a4 a5 a8 a9 a10 e3 e4 e5 e8 e9 e10");
  EXPECT_EQ(popcount(expected), 32);
  EXPECT_EQ(B::kT.railway, expected);
}

TEST(Geometry, CampsAndHeadquarters) {
  const auto camps = squares("b3 d3 c4 b5 d5 b8 d8 c9 b10 d10");
  const auto hqs = squares("b1 d1 b12 d12");
  EXPECT_EQ(popcount(camps), 10);
  EXPECT_EQ(popcount(hqs), 4);
  EXPECT_EQ(B::kT.camps, camps);
  EXPECT_EQ(B::kT.headquarters, hqs);
}

TEST(Geometry, NeverOnRailway) {
  // Camps, headquarters and ranks 1 and 12 are never on the railway.
  const auto rank1_12 = squares("a1 b1 c1 d1 e1 a12 b12 c12 d12 e12");
  EXPECT_EQ(B::kT.railway & (rank1_12 | B::kT.camps | B::kT.headquarters), 0u);
}

TEST(Geometry, CampDiagonals) {
  // Each camp links to its four diagonal neighbours, by road.
  for (auto [a, b] : {std::pair{"b3", "a2"},
                      {"b3", "c2"},
                      {"b3", "a4"},
                      {"b3", "c4"},
                      {"c4", "d5"},
                      {"c4", "b5"},
                      {"c4", "d3"},
                      {"d5", "e6"},
                      {"d5", "c6"},
                      {"b8", "a7"},
                      {"c9", "d10"},
                      {"b10", "a11"},
                      {"d10", "e11"},
                      {"d8", "e9"}}) {
    EXPECT_TRUE(linked(a, b)) << a << "-" << b;
    EXPECT_FALSE(rail_linked(a, b)) << a << "-" << b;
  }
  // Diagonals between two posts do not exist (c3 is no camp, a2-b1 neither).
  EXPECT_FALSE(linked("c3", "d4"));
  EXPECT_FALSE(linked("c3", "b2"));
  EXPECT_FALSE(linked("a2", "b1"));
  // A camp's diagonals stay inside its half: b5 and d5 reach rank 6, never rank 7 (no camp
  // on rank 6 or 7), and camps on rank 8 do not reach rank 6.
  EXPECT_FALSE(linked("b8", "a6"));
  EXPECT_FALSE(linked("c6", "b7"));
}

TEST(Geometry, FrontLine) {
  // Mountains: no link b6-b7 or d6-d7.
  EXPECT_FALSE(linked("b6", "b7"));
  EXPECT_FALSE(linked("d6", "d7"));
  // Three railway crossings.
  EXPECT_TRUE(rail_linked("a6", "a7"));
  EXPECT_TRUE(rail_linked("c6", "c7"));
  EXPECT_TRUE(rail_linked("e6", "e7"));
  // c7-c8 is a road link: the centre crossing does not continue up file c.
  EXPECT_TRUE(linked("c7", "c8"));
  EXPECT_FALSE(rail_linked("c7", "c8"));
  EXPECT_FALSE(rail_linked("c5", "c6"));
  // Rank 1 to rank 2 is road, also on files a and e.
  EXPECT_TRUE(linked("a1", "a2"));
  EXPECT_FALSE(rail_linked("a1", "a2"));
  EXPECT_FALSE(rail_linked("e11", "e12"));
}

TEST(Geometry, NeighbourCounts) {
  // a2: a1 (road), b2, a3 (railway), b3 (camp diagonal) = 4.
  EXPECT_EQ(popcount(B::kT.links[sq("a2")]), 4);
  // c6: c5, b6, d6, c7 and the camps b5, d5 diagonally = 6.
  EXPECT_EQ(popcount(B::kT.links[sq("c6")]), 6);
  // A camp has 4 orthogonal + 4 diagonal neighbours.
  EXPECT_EQ(popcount(B::kT.links[sq("c4")]), 8);
  EXPECT_EQ(popcount(B::kT.links[sq("b3")]), 8);
  // b6: a6, c6, b5 (no b7) = 3.
  EXPECT_EQ(popcount(B::kT.links[sq("b6")]), 3);
}

TEST(Geometry, Rays) {
  // File a runs from a2 across the front up to a11 (a11-a12 is road).
  EXPECT_EQ(B::kT.rays[sq("a2")][kNorth], squares("a3 a4 a5 a6 a7 a8 a9 a10 a11"));
  EXPECT_EQ(B::kT.rays[sq("a2")][kEast], squares("b2 c2 d2 e2"));
  EXPECT_EQ(B::kT.rays[sq("a2")][kWest], 0u);
  EXPECT_EQ(B::kT.rays[sq("a2")][kSouth], 0u);  // a1 is not railway
  // The centre crossing is a line of one link: c6 north is only c7, c7 south only c6.
  EXPECT_EQ(B::kT.rays[sq("c6")][kNorth], squares("c7"));
  EXPECT_EQ(B::kT.rays[sq("c7")][kSouth], squares("c6"));
  EXPECT_EQ(B::kT.rays[sq("c7")][kNorth], 0u);
  EXPECT_EQ(B::kT.rays[sq("c6")][kSouth], 0u);
  // b6 has no vertical railway (mountain north, b5 camp south).
  EXPECT_EQ(B::kT.rays[sq("b6")][kNorth], 0u);
  EXPECT_EQ(B::kT.rays[sq("e11")][kSouth], squares("e10 e9 e8 e7 e6 e5 e4 e3 e2"));
  EXPECT_EQ(B::kT.rays[sq("c11")][kWest], squares("b11 a11"));
  // Rank 11 does not wrap to rank 12 or rank 10 at the edges.
  EXPECT_EQ(B::kT.rays[sq("e11")][kEast], 0u);
  // Squares off the railway have no rays.
  for (auto name : {"a1", "c3", "b3", "c12", "d12"})
    for (int d = 0; d < kDirections; ++d) EXPECT_EQ(B::kT.rays[sq(name)][d], 0u) << name << " " << d;
}

}  // namespace
}  // namespace junqi::engine
