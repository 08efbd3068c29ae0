// The four-player board of RULES.md §8, counted by hand and compared with the tables
// generated in engine/four/board.h.

#include "engine/four/board.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/four/notation.h"

namespace junqi::engine::four {
namespace {

const Board::Tables& T = Board::kT;

Square sq(std::string_view name) {
  const auto s = parse_square(name);
  EXPECT_TRUE(s.has_value()) << name;
  return s.value_or(0);
}

bool linked(std::string_view a, std::string_view b) { return T.links[sq(a)].has(sq(b)); }
bool rail_linked(std::string_view a, std::string_view b) { return T.rail_links[sq(a)].has(sq(b)); }

std::string path_text(const Board::Path& p, int first = 0) {
  std::string out;
  for (int i = first; i < p.length; ++i) {
    if (!out.empty()) out += ' ';
    out += square_name(p.squares[i]);
  }
  return out;
}

// Lines as text, from whichever end the generator traced them (has_line looks both ways).
std::vector<std::string> lines() {
  std::vector<std::string> out;
  for (int i = 0; i < T.line_count; ++i) out.push_back(path_text(T.lines[i]));
  return out;
}

std::string reversed(std::string_view line) {
  std::vector<std::string> words;
  size_t start = 0;
  while (start < line.size()) {
    size_t end = line.find(' ', start);
    if (end == std::string_view::npos) end = line.size();
    words.emplace_back(line.substr(start, end - start));
    start = end + 1;
  }
  std::string out;
  for (auto it = words.rbegin(); it != words.rend(); ++it) {
    if (!out.empty()) out += ' ';
    out += *it;
  }
  return out;
}

bool has_line(std::string_view line) {
  const auto all = lines();
  return std::count(all.begin(), all.end(), std::string(line)) +
             std::count(all.begin(), all.end(), reversed(line)) ==
         1;
}

TEST(FourBoard, SquareNames) {
  EXPECT_EQ(Board::kSquares, 129);  // 4 halves of 30 + the 3x3 centre
  for (int s = 0; s < Board::kSquares; ++s) EXPECT_EQ(parse_square(square_name(Square(s))), Square(s));
  EXPECT_EQ(square_name(0), "Sa1");
  EXPECT_EQ(square_name(119), "We6");
  EXPECT_EQ(square_name(120), "Ca1");
  EXPECT_EQ(square_name(128), "Cc3");
  for (const char* bad : {"Sa7", "Sf1", "Ca4", "Cd1", "sa1", "Xa1", "Sa", "Sa10", "Sa0"})
    EXPECT_FALSE(parse_square(bad).has_value()) << bad;
}

TEST(FourBoard, LinkCounts) {
  // Per half as in §1: 24 rank neighbours + 25 file neighbours = 49 orthogonal links (16 of
  // them railway: ranks 2 and 6 with 4 each, files a and e from rank 2 to 6 with 4 each),
  // plus 16 diagonal road links from the camps. Between the halves: 12 centre-grid links,
  // 3 x 4 links from a6, c6, e6 into the centre, 4 arcs, all railway.
  // Railway: 4 x 16 + 12 + 12 + 4 = 92. Road: 4 x (49 - 16 + 16) = 196. In all 288.
  int links = 0, rail = 0;
  for (int s = 0; s < Board::kSquares; ++s) {
    links += popcount(T.links[s]);
    rail += popcount(T.rail_links[s]);
    EXPECT_TRUE((T.rail_links[s] & ~T.links[s]).empty()) << square_name(Square(s));
    EXPECT_FALSE(T.links[s].has(Square(s))) << square_name(Square(s));
    for (Bitboard n = T.links[s]; n;) {
      const Square t = pop_lsb(n);
      EXPECT_TRUE(T.links[t].has(Square(s))) << square_name(Square(s)) << "-" << square_name(t);
      EXPECT_EQ(T.rail_links[t].has(Square(s)), T.rail_links[s].has(t));
    }
  }
  EXPECT_EQ(links / 2, 288);
  EXPECT_EQ(rail / 2, 92);
  EXPECT_EQ(links / 2 - rail / 2, 196);
}

TEST(FourBoard, NoRoadLinkJoinsTwoHalves) {
  for (int s = 0; s < Board::kCentre; ++s)
    for (Bitboard n = T.links[s] & ~T.rail_links[s]; n;) {
      const Square t = pop_lsb(n);
      EXPECT_FALSE(Board::in_centre(t));
      EXPECT_EQ(Board::seat_of_square(t), Board::seat_of_square(Square(s))) << square_name(Square(s));
    }
}

TEST(FourBoard, SquaresOfEachKind) {
  // Per half: camps b3 d3 c4 b5 d5, headquarters b1 d1, railway ranks 2 and 6 and files a
  // and e on ranks 3-5 (16); the nine centre squares are railway junctions.
  EXPECT_EQ(popcount(T.camps), 20);
  EXPECT_EQ(popcount(T.headquarters), 8);
  EXPECT_EQ(popcount(T.railway), 4 * 16 + 9);
  EXPECT_EQ(popcount(T.centre), 9);
  for (const char* s : {"Sb3", "Ed3", "Nc4", "Wb5", "Sd5"}) EXPECT_TRUE(T.camps.has(sq(s))) << s;
  for (const char* s : {"Sb1", "Sd1", "Eb1", "Nd1", "Wb1"}) EXPECT_TRUE(T.headquarters.has(sq(s))) << s;
  EXPECT_TRUE((T.camps & T.railway).empty());
  EXPECT_TRUE((T.headquarters & T.railway).empty());
  for (int k = 0; k < kSeats; ++k) {
    EXPECT_EQ(popcount(T.half[k]), 30);
    EXPECT_EQ(popcount(T.back_ranks[k]), 10);
    EXPECT_EQ(popcount(T.front_rank[k]), 5);
  }
}

TEST(FourBoard, CentreLinksOfEachSeat) {
  // §8: each seat's a6, c6 and e6 join the three centre squares on its side.
  const std::map<std::string, std::string> expected = {
      {"Sa6", "Ca1"}, {"Sc6", "Cb1"}, {"Se6", "Cc1"}, {"Ea6", "Cc1"}, {"Ec6", "Cc2"}, {"Ee6", "Cc3"},
      {"Na6", "Cc3"}, {"Nc6", "Cb3"}, {"Ne6", "Ca3"}, {"Wa6", "Ca3"}, {"Wc6", "Ca2"}, {"We6", "Ca1"}};
  int found = 0;
  for (int s = 0; s < Board::kCentre; ++s)
    for (Bitboard n = T.links[s] & T.centre; n;) {
      const std::string from = square_name(Square(s)), to = square_name(pop_lsb(n));
      ASSERT_TRUE(expected.count(from)) << from << "-" << to;
      EXPECT_EQ(expected.at(from), to);
      EXPECT_TRUE(rail_linked(from, to));
      ++found;
    }
  EXPECT_EQ(found, 12);
  for (const char* s : {"Sb6", "Sd6", "Eb6", "Ed6", "Nb6", "Nd6", "Wb6", "Wd6"})
    EXPECT_TRUE((T.links[sq(s)] & T.centre).empty()) << s;
  // The centre grid: 12 railway links, Cb2 with four of them.
  EXPECT_TRUE(rail_linked("Ca1", "Cb1") && rail_linked("Ca1", "Ca2") && rail_linked("Cb2", "Cc2"));
  EXPECT_FALSE(linked("Ca1", "Cb2"));
  EXPECT_EQ(popcount(T.rail_links[sq("Cb2")]), 4);
}

TEST(FourBoard, CornerArcs) {
  // §8: a seat's a6 to the e6 of the seat on its left, railway.
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{
           {"Sa6", "We6"}, {"Ea6", "Se6"}, {"Na6", "Ee6"}, {"Wa6", "Ne6"}})
    EXPECT_TRUE(rail_linked(a, b)) << a << "-" << b;
  // No other link joins two halves.
  int between = 0;
  for (int s = 0; s < Board::kCentre; ++s)
    for (Bitboard n = T.links[s] & ~T.centre; n;)
      between += Board::seat_of_square(pop_lsb(n)) != Board::seat_of_square(Square(s));
  EXPECT_EQ(between / 2, 4);
}

TEST(FourBoard, EighteenStraightLines) {
  EXPECT_EQ(T.line_count, 18);
  std::map<int, int> by_length;
  for (int i = 0; i < T.line_count; ++i) ++by_length[T.lines[i].length];
  // Ranks 2 and 6 of four seats (8) and the two c-file lines (2): 5 squares; the four
  // a/e-file lines through the centre: 13; the four arcs with their files: 10.
  EXPECT_EQ(by_length, (std::map<int, int>{{5, 10}, {10, 4}, {13, 4}}));
  EXPECT_TRUE(has_line("Sa2 Sa3 Sa4 Sa5 Sa6 Ca1 Ca2 Ca3 Ne6 Ne5 Ne4 Ne3 Ne2"));
  EXPECT_TRUE(has_line("Se2 Se3 Se4 Se5 Se6 Cc1 Cc2 Cc3 Na6 Na5 Na4 Na3 Na2"));
  EXPECT_TRUE(has_line("Ea2 Ea3 Ea4 Ea5 Ea6 Cc1 Cb1 Ca1 We6 We5 We4 We3 We2"));
  EXPECT_TRUE(has_line("Ee2 Ee3 Ee4 Ee5 Ee6 Cc3 Cb3 Ca3 Wa6 Wa5 Wa4 Wa3 Wa2"));
  EXPECT_TRUE(has_line("Sc6 Cb1 Cb2 Cb3 Nc6"));
  EXPECT_TRUE(has_line("Wc6 Ca2 Cb2 Cc2 Ec6"));
  EXPECT_TRUE(has_line("Sa2 Sa3 Sa4 Sa5 Sa6 We6 We5 We4 We3 We2"));
  EXPECT_TRUE(has_line("Ea2 Ea3 Ea4 Ea5 Ea6 Se6 Se5 Se4 Se3 Se2"));
  EXPECT_TRUE(has_line("Na2 Na3 Na4 Na5 Na6 Ee6 Ee5 Ee4 Ee3 Ee2"));
  EXPECT_TRUE(has_line("Wa2 Wa3 Wa4 Wa5 Wa6 Ne6 Ne5 Ne4 Ne3 Ne2"));
  for (const char* seat : {"S", "E", "N", "W"})
    for (const char* rank : {"2", "6"}) {
      std::string line;
      for (const char* file : {"a", "b", "c", "d", "e"}) {
        if (!line.empty()) line += ' ';
        line += seat;
        line += file;
        line += rank;
      }
      EXPECT_TRUE(has_line(line)) << line;
    }
  // Every railway link lies on a line.
  int covered = 0;
  for (int s = 0; s < Board::kSquares; ++s)
    for (Bitboard n = T.rail_links[s]; n;) {
      const Square t = pop_lsb(n);
      bool on_line = false;
      for (int i = 0; i < T.line_count; ++i)
        for (int k = 0; k + 1 < T.lines[i].length; ++k) {
          const Square a = T.lines[i].squares[k], b = T.lines[i].squares[k + 1];
          on_line |= (a == s && b == t) || (a == t && b == s);
        }
      covered += on_line;
    }
  EXPECT_EQ(covered, 2 * 92);
}

TEST(FourBoard, StraightPathsFromASquare) {
  auto paths = [](std::string_view from) {
    std::vector<std::string> out;
    for (int i = 0; i < T.path_count[sq(from)]; ++i) out.push_back(path_text(T.paths[sq(from)][i]));
    std::sort(out.begin(), out.end());
    return out;
  };
  // Sa6: back down file a, along the front rank (which never turns), into the centre and
  // on through the opposite seat, round the arc down West's file e.
  EXPECT_EQ(paths("Sa6"), (std::vector<std::string>{"Ca1 Ca2 Ca3 Ne6 Ne5 Ne4 Ne3 Ne2", "Sa5 Sa4 Sa3 Sa2",
                                                    "Sb6 Sc6 Sd6 Se6", "We6 We5 We4 We3 We2"}));
  // Sa4: up file a, where the line forks at Sa6; down to Sa2.
  EXPECT_EQ(paths("Sa4"), (std::vector<std::string>{"Sa3 Sa2", "Sa5 Sa6 Ca1 Ca2 Ca3 Ne6 Ne5 Ne4 Ne3 Ne2",
                                                    "Sa5 Sa6 We6 We5 We4 We3 We2"}));
  // Ca1 coming from Sa6 or We6 goes straight on only: no turn round the arc.
  EXPECT_EQ(paths("Ca1"),
            (std::vector<std::string>{"Ca2 Ca3 Ne6 Ne5 Ne4 Ne3 Ne2", "Cb1 Cc1 Ea6 Ea5 Ea4 Ea3 Ea2",
                                      "Sa6 Sa5 Sa4 Sa3 Sa2", "We6 We5 We4 We3 We2"}));
  // Sc5 is off the railway; Sc6 runs along its rank and up the c-file line.
  EXPECT_EQ(T.path_count[sq("Sc5")], 0);
  EXPECT_EQ(paths("Sc6"), (std::vector<std::string>{"Cb1 Cb2 Cb3 Nc6", "Sb6 Sa6", "Sd6 Se6"}));
}

// The runs from every square are exactly the lines through it (checked against the rules
// above) followed either way from it; a stretch two lines share (a seat's file a, on the
// line through the centre and on the arc's) is one run.
TEST(FourBoard, PathsAreTheLinesFromEachSquare) {
  for (int s = 0; s < Board::kSquares; ++s) {
    std::vector<std::string> from_lines, from_paths;
    for (int i = 0; i < T.line_count; ++i) {
      const Board::Path& line = T.lines[i];
      for (int k = 0; k < line.length; ++k) {
        if (line.squares[k] != s) continue;
        Board::Path ahead, behind;
        for (int j = k + 1; j < line.length; ++j) ahead.squares[ahead.length++] = line.squares[j];
        for (int j = k - 1; j >= 0; --j) behind.squares[behind.length++] = line.squares[j];
        for (const Board::Path* p : {&ahead, &behind})
          if (p->length > 0) from_lines.push_back(path_text(*p));
      }
    }
    for (int i = 0; i < T.path_count[s]; ++i) from_paths.push_back(path_text(T.paths[s][i]));
    std::sort(from_lines.begin(), from_lines.end());
    from_lines.erase(std::unique(from_lines.begin(), from_lines.end()), from_lines.end());
    std::sort(from_paths.begin(), from_paths.end());
    EXPECT_EQ(from_paths, from_lines) << square_name(Square(s));
  }
}

}  // namespace
}  // namespace junqi::engine::four
