#include "runner/web/four_seen.h"

#include <cctype>

#include "engine/four/notation.h"
#include "engine/four/seat.h"
#include "engine/notation.h"

namespace junqi::runner::web {

namespace four = junqi::engine::four;

namespace {
constexpr const char* kSeatNames[four::kSeats] = {"south", "east", "north", "west"};
}

std::string four_seat_name(int seat) { return kSeatNames[seat]; }

std::optional<int> parse_four_seat_name(const std::string& name) {
  for (int s = 0; s < four::kSeats; ++s)
    if (name == kSeatNames[s]) return s;
  return std::nullopt;
}

std::string four_piece_text(engine::Piece p) {
  if (p == engine::kNoPiece) return "";
  const char seat = char(std::tolower(static_cast<unsigned char>(four::seat_letter(four::seat_of(p)))));
  return {seat, engine::type_char(engine::type_of(p))};
}

nlohmann::json four_board_json(const four::Position& pos) {
  nlohmann::json board = nlohmann::json::array();
  for (int s = 0; s < four::Board::kSquares; ++s)
    if (const engine::Piece p = pos.piece_on(engine::Square(s)); p != engine::kNoPiece)
      board.push_back({{"square", four::square_name(engine::Square(s))}, {"piece", four_piece_text(p)}});
  return board;
}

std::string four_tokens_text(const four::Observation& seen) {
  std::string text;
  for (const four::Token& t : seen) {
    if (!text.empty()) text += ' ';
    text += four::token_string(t);
  }
  return text;
}

}  // namespace junqi::runner::web
