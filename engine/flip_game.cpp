#include "engine/flip_game.h"

#include <utility>

#include "engine/error.h"
#include "engine/notation.h"

namespace junqi::engine {

using Bitboard = FlipPosition::Bitboard;

FlipView::FlipView(int player, const Rules& rules) : player_(player) {
  // The filling: Red's pieces then Blue's, in type order, over the posts from a1 up.
  Square s = Square(0);
  for (Color c : {kRed, kBlue})
    for (int t = 0; t < kPieceTypes; ++t)
      for (int k = 0; k < kPieceCount[t]; ++k) {
        while (TwoPlayerBoard::kT.camps & square_bb(s)) s = Square(s + 1);
        board_.put_piece(s, make_piece(c, PieceType(t)), true);
        s = Square(s + 1);
      }
  board_.set_side_to_move(kRed, false);
  board_.set_rules(rules);
}

void FlipView::apply(const Token& t) {
  const std::string where = "history token " + std::to_string(history_.size() + 1) + " '" + token_string(t) + "': ";
  FlipPosition::Undo undo;
  if (t.kind == Token::Kind::kFlip) {
    if (!(board_.face_down() & square_bb(t.square))) throw Error(where + "no face-down piece stands there");
    // Deal the turned piece to its square: swap it with a face-down square the filling
    // gave that identity (the filling holds exactly the pieces still face down).
    if (board_.board().piece_on(t.square) != t.piece) {
      Bitboard candidates = board_.face_down() & board_.board().pieces(color_of(t.piece), type_of(t.piece));
      if (!candidates) throw Error(where + "no such piece is still face down");
      board_.exchange_face_down(t.square, pop_lsb(candidates));
    }
    board_.make(t.move, undo);
  } else if (t.kind == Token::Kind::kMove) {
    if (!is_legal(board_, t.move)) throw Error(where + "not a legal action");
    const Outcome o = board_.make(t.move, undo);
    if (o != t.outcome) throw Error(where + "the fight of these face-up pieces ends otherwise");
  } else {
    throw Error(where + "the flip game shows no separate reveals");
  }
  history_.push_back(t);
}

void FlipView::legal_moves(MoveList& list) const {
  list.size = 0;
  if (our_turn()) generate(board_, list);
}

JfenFields FlipView::fields() const {
  JfenFields f;
  for (int s = 0; s < TwoPlayerBoard::kSquares; ++s)
    f.board[s] = board_.face_down() & square_bb(Square(s)) ? kNoPiece : board_.board().piece_on(Square(s));
  f.face_down = board_.face_down();
  f.colours_assigned = board_.colours_assigned();
  f.side = board_.side_to_move();
  f.quiet_plies = board_.board().quiet_plies();
  f.ply = board_.board().ply();
  return f;
}

std::string FlipView::jfen() const { return to_jfen(fields()); }

FlipPosition FlipView::sample(Rng& rng) const {
  FlipPosition pos = board_;
  std::array<Square, TwoPlayerBoard::kSquares> down;
  int n = 0;
  for (Bitboard b = pos.face_down(); b;) down[n++] = pop_lsb(b);
  // Fisher-Yates over the face-down squares' identities.
  for (int i = n - 1; i > 0; --i) {
    const int j = int(rng.below(uint64_t(i + 1)));
    if (i != j) pos.exchange_face_down(down[i], down[j]);
  }
  return pos;
}

FlipGame::FlipGame(const FlipPosition& layout) : position_(layout) {}

Step FlipGame::apply(Move action) {
  Step step;
  step.move = action;
  const Position& b = position_.board();
  FlipPosition::Undo undo;
  Token seen;
  if (is_flip(action)) {
    step.turned_up = b.piece_on(from_sq(action));
    seen = Token::of_flip(step.turned_up, from_sq(action));
    position_.make(action, undo);
  } else {
    step.attacker = b.piece_on(from_sq(action));
    step.defender = b.piece_on(to_sq(action));
    step.outcome = position_.make(action, undo);
    if (step.outcome == Outcome::kQuiet) step.attacker = step.defender = kNoPiece;
    seen = Token::of_move(action, step.outcome);
  }
  for (Observation& o : step.seen) o.push_back(seen);
  return step;
}

}  // namespace junqi::engine
