#include "runner/ui/four_board_text.h"

#include <array>
#include <string_view>

#include "engine/four/board.h"
#include "engine/notation.h"

namespace junqi::runner {
namespace {

namespace four = engine::four;
using four::Board;

constexpr int kGrid = 17;  // 6 + 5 + 6 points across

// The screen point of a square with South at the bottom: South's half below the centre,
// files a to e left to right, rank 6 next to the centre; each next seat a quarter turn
// counterclockwise (East on the right, North on top, West on the left).
struct Point {
  int x, y;
};
constexpr Point turned(Point p, int quarter_turns) {
  for (int i = 0; i < quarter_turns; ++i) p = {p.y, kGrid - 1 - p.x};  // bottom goes to the right
  return p;
}
Point point_of(engine::Square s) {
  if (Board::in_centre(s)) return {6 + 2 * Board::file_of(s), 12 - 2 * Board::rank_of(s)};
  return turned({6 + Board::file_of(s), kGrid - Board::rank_of(s)}, Board::seat_of_square(s));
}

constexpr std::array<std::string_view, four::kSeats> kSeatColours = {"\x1b[1;91m", "\x1b[1;94m", "\x1b[1;93m",
                                                                     "\x1b[1;92m"};
constexpr std::array<std::string_view, four::kSeats> kSeatNames = {"South", "East", "North", "West"};
constexpr std::string_view kReset = "\x1b[0m", kDim = "\x1b[90m", kLastMove = "\x1b[7m";

// A square's four terminal columns; `me` (none: nobody's) names its pieces without a seat letter.
std::string cell(const four::Position& board, engine::Square s, std::optional<four::Seat> me, const BoardStyle& style) {
  const engine::Piece p = board.piece_on(s);
  if (p == engine::kNoPiece) {
    const bool camp = Board::kT.camps.has(s), hq = Board::kT.headquarters.has(s);
    const std::string_view mark = style.ascii ? (camp ? "( ) " : hq ? "[ ] " : " .  ") : (camp ? "（）" : hq ? "［］" : " ・ ");
    return style.color ? std::string(kDim) + std::string(mark) + std::string(kReset) : std::string(mark);
  }
  const four::Seat seat = four::seat_of(p);
  const engine::PieceType t = engine::type_of(p);
  std::string label;
  if (style.ascii) {
    const char letter = t == engine::kUnknownType ? 'x' : engine::piece_char(engine::Piece(t));
    label = seat == me ? std::string(" ") + letter + "  " : std::string(" ") + char(four::seat_letter(seat) + 32) + letter + " ";
  } else {
    label = t == engine::kUnknownType ? "？？" : std::string(chinese_name(t));
  }
  return style.color ? std::string(kSeatColours[seat]) + label + std::string(kReset) : label;
}

std::string draw(const four::Position& board, std::optional<four::Seat> viewer, const BoardStyle& style,
                 engine::Move last_move) {
  const four::Seat me = viewer.value_or(four::kSouth);
  std::array<std::array<std::string, kGrid>, kGrid> grid;
  for (auto& row : grid) row.fill("    ");
  const int to_bottom = (four::kSeats - me) % four::kSeats;  // quarter turns that bring `me` down
  for (int s = 0; s < Board::kSquares; ++s) {
    const auto sq = engine::Square(s);
    const Point p = turned(point_of(sq), to_bottom);
    std::string c = cell(board, sq, viewer, style);
    if (last_move != engine::kNullMove && style.color && (sq == engine::from_sq(last_move) || sq == engine::to_sq(last_move)))
      c = std::string(kLastMove) + c + std::string(kReset);
    grid[p.y][p.x] = c;
  }
  std::string out;
  for (const auto& row : grid) {
    std::string line;
    for (const std::string& c : row) line += c;
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  for (int s = 0; s < four::kSeats; ++s) {
    const auto seat = four::Seat(s);
    std::string name = std::string(kSeatNames[s]);
    if (viewer) name += seat == me ? " (you)" : seat == four::ally_of(me) ? " (partner)" : "";
    if (style.color) name = std::string(kSeatColours[s]) + name + std::string(kReset);
    out += (s == 0 ? "" : "  ") + name;
  }
  out += "\nteams South+North, East+West; " + std::string(kSeatNames[board.side_to_move()]) + " to move, ply " +
         std::to_string(board.ply()) + ", " + std::to_string(board.quiet_plies()) + " plies without a capture\n";
  return out;
}

}  // namespace

std::string draw_four_board(const four::Position& board, four::Seat me, const BoardStyle& style, engine::Move last_move) {
  return draw(board, me, style, last_move);
}

std::string draw_whole_four_board(const four::Position& board, const BoardStyle& style, engine::Move last_move) {
  return draw(board, std::nullopt, style, last_move);
}

}  // namespace junqi::runner
