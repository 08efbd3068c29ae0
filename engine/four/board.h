#pragma once
// The four-player board of RULES.md §8 (129 positions), generated at compile time from
// its description rather than typed in: each seat's half is a half of the 2-player board
// (engine/geometry.h), the centre a 3x3 railway grid; the links between them and the
// straight railway lines follow from where the squares lie on the table.
//
// Squares: seat k's half holds k * 30 + (own rank - 1) * 5 + own file (own file 0 = the
// seat's own left), the centre 120 + (rank - 1) * 3 + file (file a = West, rank 1 = South).
//
// Straight lines: every square has a point on the table (South's half below the centre,
// the others turned a quarter turn each, counterclockwise) and a railway link leaves and
// arrives in a compass direction; a run goes straight on when a link leaves a square in
// the direction the previous one arrived. An arc (a seat's a6 to its left neighbour's e6)
// leaves the a6 going forward (as file a does) and arrives going backward along the
// neighbour's file e, so a run takes it "as if straight". Where two links leave in the
// same direction (a6 into the centre and round the arc) a run may take either: straight
// runs are paths, not rays.

#include <array>

#include "engine/four/bitboard.h"
#include "engine/four/seat.h"
#include "engine/geometry.h"

namespace junqi::engine::four {

struct Board {
  static constexpr int kFiles = 5;
  static constexpr int kRanks = 6;  // of one half
  static constexpr int kHalfSquares = kFiles * kRanks;
  static constexpr int kCentre = kSeats * kHalfSquares;  // the first centre square, Ca1
  static constexpr int kSquares = kCentre + 9;           // 129

  static constexpr Square square(Seat s, int file, int rank) {
    return Square(s * kHalfSquares + (rank - 1) * kFiles + file);
  }
  static constexpr Square centre(int file, int rank) { return Square(kCentre + (rank - 1) * 3 + file); }
  static constexpr bool in_centre(Square s) { return s >= kCentre; }
  // For a square of a half: its owner, own file (0 = a) and own rank (1..6).
  static constexpr Seat seat_of_square(Square s) { return Seat(s / kHalfSquares); }
  static constexpr int file_of(Square s) { return in_centre(s) ? (s - kCentre) % 3 : s % kFiles; }
  static constexpr int rank_of(Square s) {
    return in_centre(s) ? (s - kCentre) / 3 + 1 : (s % kHalfSquares) / kFiles + 1;
  }

  // A straight railway run: squares in the order a piece passes them.
  static constexpr int kMaxPathLength = 12;  // Sa2 to Ne2 leaves 12 squares after Sa2
  struct Path {
    std::array<Square, kMaxPathLength + 1> squares{};
    int length = 0;
  };
  // Paths from one square: up to two railway links each way along each line through it.
  static constexpr int kMaxPaths = 6;
  static constexpr int kMaxLines = 24;

  struct Tables {
    Bitboard all, camps, headquarters, railway, centre;
    std::array<Bitboard, kSeats> half{}, back_ranks{}, front_rank{};
    std::array<Bitboard, kSquares> links{};       // every neighbour (road or railway)
    std::array<Bitboard, kSquares> rail_links{};  // railway neighbours only
    // Every maximal straight run from a square (a run may stop anywhere along one).
    std::array<std::array<Path, kMaxPaths>, kSquares> paths{};
    std::array<int, kSquares> path_count{};
    // The straight railway lines of the board, each once (for tests and docs).
    std::array<Path, kMaxLines> lines{};
    int line_count = 0;
  };

  static constexpr Tables build();
  static const Tables kT;  // defined below, after build() is complete
};

namespace board_detail {

struct Vec {
  int x = 0, y = 0;
  constexpr bool operator==(const Vec&) const = default;
};

// A quarter turn counterclockwise, k times: South's frame to seat k's.
constexpr Vec turn(Vec v, int k) {
  for (int i = 0; i < k; ++i) v = {-v.y, v.x};
  return v;
}
constexpr int sign(int v) { return (v > 0) - (v < 0); }

// Where a square lies on the table. South's half: files at x = -2..2, its front rank just
// below the centre; the centre's squares two apart, so each one lies straight ahead of a
// seat's a6, c6 or e6 (b6 and d6 face the gaps between them).
constexpr Vec point(Square s) {
  if (Board::in_centre(s)) return {2 * Board::file_of(s) - 2, 2 * (Board::rank_of(s) - 1) - 2};
  return turn({Board::file_of(s) - 2, Board::rank_of(s) - 9}, Board::seat_of_square(s));
}

// A seat's forward direction (towards the centre).
constexpr Vec forward(Seat s) { return turn({0, 1}, s); }

constexpr bool is_arc(Square a, Square b) {
  return !Board::in_centre(a) && !Board::in_centre(b) && Board::seat_of_square(a) != Board::seat_of_square(b);
}

// The direction a railway link a-b leaves a and arrives at b (equal but for arcs).
constexpr Vec leaves(Square a, Square b) {
  if (is_arc(a, b)) return forward(Board::seat_of_square(a));
  const Vec p = point(a), q = point(b);
  return {sign(q.x - p.x), sign(q.y - p.y)};
}
constexpr Vec arrives(Square a, Square b) {
  if (is_arc(a, b)) return turn(forward(Board::seat_of_square(b)), 2);
  return leaves(a, b);
}

}  // namespace board_detail

constexpr Board::Tables Board::build() {
  using namespace board_detail;
  namespace half = geometry_detail;  // a half's camps, headquarters and railway, as in §1
  Tables t;
  auto link = [&](Square a, Square b, bool rail) {
    t.links[a] |= Bitboard::of(b);
    t.links[b] |= Bitboard::of(a);
    if (rail) {
      t.rail_links[a] |= Bitboard::of(b);
      t.rail_links[b] |= Bitboard::of(a);
    }
  };
  for (int k = 0; k < kSeats; ++k) {
    const Seat seat = Seat(k);
    for (int r = 1; r <= kRanks; ++r)
      for (int f = 0; f < kFiles; ++f) {
        const Square s = square(seat, f, r);
        const Bitboard b = Bitboard::of(s);
        t.half[k] |= b;
        if (r <= 2) t.back_ranks[k] |= b;
        if (r == kRanks) t.front_rank[k] |= b;
        if (half::is_camp(f, r)) t.camps |= b;
        if (half::is_headquarters(f, r)) t.headquarters |= b;
        if (f + 1 < kFiles) link(s, square(seat, f + 1, r), half::is_rail_rank(r));
        if (r < kRanks) link(s, square(seat, f, r + 1), (f == 0 || f == 4) && r >= 2);
        if (half::is_camp(f, r))  // a camp links to its four diagonal neighbours
          for (int df : {-1, 1})
            for (int dr : {-1, 1}) link(s, square(seat, f + df, r + dr), false);
      }
    // Front-rank squares facing a centre square (one step ahead on the table) join it.
    for (int f = 0; f < kFiles; ++f) {
      const Square s = square(seat, f, kRanks);
      const Vec p = point(s), ahead = {p.x + forward(seat).x, p.y + forward(seat).y};
      for (int c = kCentre; c < kSquares; ++c)
        if (point(Square(c)) == ahead) link(s, Square(c), true);
    }
    // The corner arc: this seat's a6 to its left neighbour's e6.
    link(square(seat, 0, kRanks), square(left_of(seat), 4, kRanks), true);
  }
  for (int r = 1; r <= 3; ++r)
    for (int f = 0; f < 3; ++f) {
      t.centre |= Bitboard::of(centre(f, r));
      if (f < 2) link(centre(f, r), centre(f + 1, r), true);
      if (r < 3) link(centre(f, r), centre(f, r + 1), true);
    }
  for (int s = 0; s < kSquares; ++s) {
    t.all |= Bitboard::of(Square(s));
    if (t.rail_links[s]) t.railway |= Bitboard::of(Square(s));
  }

  // Every maximal straight path that starts with the link from -> first, depth first:
  // calls `out` with each.
  auto trace = [&](Square from, Square first, auto&& out) {
    struct Frame {
      Path path;
      Square prev;
    };
    std::array<Frame, 8> stack{};
    int top = 0;
    stack[top].path.squares[0] = first;
    stack[top].path.length = 1;
    stack[top++].prev = from;
    while (top > 0) {
      const Frame f = stack[--top];
      const Square cur = f.path.squares[f.path.length - 1];
      bool extended = false;
      for (Bitboard next = t.rail_links[cur]; next;) {
        const Square n = pop_lsb(next);
        if (!(leaves(cur, n) == arrives(f.prev, cur))) continue;
        Frame g = f;
        g.path.squares[g.path.length++] = n;
        g.prev = cur;
        stack[top++] = g;
        extended = true;
      }
      if (!extended) out(f.path);
    }
  };
  for (int s = 0; s < kSquares; ++s)
    for (Bitboard next = t.rail_links[s]; next;) {
      const Square first = pop_lsb(next);
      trace(Square(s), first, [&](const Path& p) { t.paths[s][t.path_count[s]++] = p; });
      // A line begins at s in this direction if no link arrives at s going that way.
      bool begins = true;
      for (Bitboard prev = t.rail_links[s]; prev;) {
        const Square q = pop_lsb(prev);
        if (arrives(q, Square(s)) == leaves(Square(s), first)) begins = false;
      }
      if (begins)
        trace(Square(s), first, [&](const Path& p) {
          if (p.squares[p.length - 1] < s) return;  // the same line traced from its other end
          Path line;
          line.squares[0] = Square(s);
          for (int i = 0; i < p.length; ++i) line.squares[i + 1] = p.squares[i];
          line.length = p.length + 1;
          t.lines[t.line_count++] = line;
        });
    }
  return t;
}

inline constexpr Board::Tables Board::kT = Board::build();

}  // namespace junqi::engine::four
