#include "runner/web/board_json.h"

#include <string>

#include "engine/notation.h"

namespace junqi::runner::web {

nlohmann::json board_json(const engine::Position& pos) {
  using namespace junqi::engine;
  nlohmann::json board = nlohmann::json::array();
  for (int s = 0; s < Board::kSquares; ++s)
    if (const Piece p = pos.piece_on(Square(s)); p != kNoPiece)
      board.push_back({{"square", square_name(Square(s))}, {"piece", std::string(1, piece_char(p))}});
  return board;
}

}  // namespace junqi::runner::web
