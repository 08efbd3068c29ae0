#include "runner/web/seen_view.h"

#include <array>
#include <string>

#include "engine/notation.h"
#include "runner/web/board_json.h"
#include "runner/web/four_seen.h"

namespace junqi::runner::web {
namespace {

using namespace junqi::engine;
using nlohmann::json;
using Counts = std::array<std::array<int, kNoType>, kColors>;  // [colour][type]

std::string char_text(char c) { return std::string(1, c); }

template <class V>
json legal_of(const V& view) {
  json legal = json::array();
  MoveList list;
  view.legal_moves(list);
  for (Move m : list) legal.push_back(move_string(m));
  return legal;
}

// The lost pieces of one colour, `had` of each type once, `standing` of them now.
json lost_of(const std::array<int, kNoType>& had, const std::array<int, kNoType>& standing) {
  json lost = json::array();
  for (int t = 0; t < kNoType; ++t)
    for (int n = standing[t]; n < had[t]; ++n) lost.push_back(char_text(type_char(PieceType(t))));
  return lost;
}

}  // namespace

Color seen_colour(const View& view) { return view.side(); }

Color seen_colour(const FlipView& view) {
  const JfenFields f = view.fields();
  if (!f.colours_assigned) return Color(view.player());
  return view.our_turn() ? f.side : ~f.side;
}

Piece seen_piece(const View& view, Square s) { return view.board().piece_on(s); }
Piece seen_piece(const FlipView& view, Square s) { return view.fields().board[s]; }

json seen_board(const View& view) { return board_json(view.board()); }

json seen_board(const FlipView& view) {
  const JfenFields f = view.fields();
  json board = json::array();
  for (int s = 0; s < Board::kSquares; ++s) {
    const bool down = f.face_down & square_bb(Square(s));
    if (down || f.board[s] != kNoPiece)
      board.push_back({{"square", square_name(Square(s))}, {"piece", down ? "?" : char_text(piece_char(f.board[s]))}});
  }
  return board;
}

json seen_board(const four::FourView& view) { return four_board_json(view.board()); }

json seen_legal(const View& view) { return legal_of(view); }
json seen_legal(const FlipView& view) { return legal_of(view); }

json seen_lost(const View& view) {
  const Color own = view.side();
  Counts standing{};
  for (int sq = 0; sq < Board::kSquares; ++sq)
    if (const Piece p = view.board().piece_on(Square(sq)); p != kNoPiece) ++standing[color_of(p)][type_of(p)];
  std::array<int, kNoType> had{};
  for (int t = 0; t < kPieceTypes; ++t) had[t] = kPieceCount[t];
  json enemy;
  if (standing[~own][kUnknownType] == 0) {
    enemy = lost_of(had, standing[~own]);
  } else {
    // Only how many enemy pieces fell is known: that many X.
    std::array<int, kNoType> all{}, left{};
    all[kUnknownType] = kPiecesPerSide;
    for (int t = 0; t < kNoType; ++t) left[kUnknownType] += standing[~own][t];
    enemy = lost_of(all, left);
  }
  return {{"you", lost_of(had, standing[own])}, {"bot", enemy}};
}

json seen_lost(const FlipView& view) {
  // Every piece that left the board was face up when it fell: the flips that turned the
  // pieces up, less the face-up pieces standing, are the pieces lost.
  Counts turned{}, standing{};
  for (const Token& t : view.history())
    if (t.kind == Token::Kind::kFlip) ++turned[color_of(t.piece)][type_of(t.piece)];
  const JfenFields f = view.fields();
  for (int sq = 0; sq < Board::kSquares; ++sq)
    if (f.board[sq] != kNoPiece && !(f.face_down & square_bb(Square(sq))))
      ++standing[color_of(f.board[sq])][type_of(f.board[sq])];
  const Color own = seen_colour(view);
  return {{"you", lost_of(turned[own], standing[own])}, {"bot", lost_of(turned[~own], standing[~own])}};
}

}  // namespace junqi::runner::web
