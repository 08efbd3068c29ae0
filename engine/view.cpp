#include "engine/view.h"

#include "engine/error.h"
#include "engine/notation.h"

namespace junqi::engine {

std::string token_string(const Token& t) {
  if (t.kind == Token::Kind::kReveal) return std::string(1, piece_char(t.piece)) + "@" + square_name(t.square);
  if (t.kind == Token::Kind::kFlip) return square_name(t.square) + "^" + piece_char(t.piece);
  return annotated_move(t.move, t.outcome);
}

Token parse_token(std::string_view text) {
  const std::string quoted = "history token '" + std::string(text) + "'";
  if (text.size() >= 4 && text[1] == '@') {
    const auto piece = parse_piece_char(text[0]);
    const auto square = parse_square(text.substr(2));
    if (!piece || type_of(*piece) == kUnknownType) throw Error(quoted + ": unknown piece letter");
    if (!square) throw Error(quoted + ": bad square");
    return Token::of_reveal(*piece, *square);
  }
  if (const size_t caret = text.find('^'); caret != std::string_view::npos) {
    const auto square = parse_square(text.substr(0, caret));
    const auto piece = text.size() == caret + 2 ? parse_piece_char(text[caret + 1]) : std::nullopt;
    if (!square) throw Error(quoted + ": bad square");
    if (!piece || type_of(*piece) == kUnknownType) throw Error(quoted + ": a flip names the piece turned up, e.g. b7^t");
    return Token::of_flip(*piece, *square);
  }
  const size_t x = text.find('x');
  if (x == std::string_view::npos) return Token::of_move(parse_move(text), Outcome::kQuiet);
  if (text.size() < x + 3) throw Error(quoted + ": a fight needs a result mark >, < or =");
  const char mark = text.back();
  const Outcome o = mark == '>' ? Outcome::kAttackerWins
                    : mark == '<' ? Outcome::kDefenderWins
                    : mark == '=' ? Outcome::kBothDie
                                  : throw Error(quoted + ": a fight needs a result mark >, < or =");
  const std::string plain = std::string(text.substr(0, x)) + "-" + std::string(text.substr(x + 1, text.size() - x - 2));
  return Token::of_move(parse_move(plain), o);
}

View::View(Color side, const Deployment& own, const Rules& rules) : side_(side), own_(own) {
  // An illegal deployment would put pieces in camps and camp marks on the board.
  if (const auto error = deployment_error(own, side))
    throw Error("own deployment '" + deployment_string(own) + "': " + *error);
  for (int slot = 0; slot < kDeploymentSlots; ++slot) {
    if (is_camp_slot(slot)) continue;
    board_.put_piece(deployment_square(side, slot), make_piece(side, own[slot]));
    board_.put_piece(deployment_square(~side, slot), make_piece(~side, kUnknownType));
  }
  board_.set_rules(rules);
  may_be_flag_ = TwoPlayerBoard::kT.headquarters & board_.pieces(~side);
}

void View::apply(const Token& t) {
  const std::string where = "history token " + std::to_string(history_.size() + 1) + " '" + token_string(t) + "': ";
  if (t.kind == Token::Kind::kFlip) throw Error(where + "a flip belongs to the flip game");
  if (t.kind == Token::Kind::kReveal) {
    const Piece there = board_.piece_on(t.square);
    if (there == kNoPiece || color_of(there) != color_of(t.piece))
      throw Error(where + "no piece of that side stands there");
    if (type_of(there) != kUnknownType && there != t.piece)
      throw Error(where + "contradicts the known piece " + piece_char(there));
    if (there != t.piece) {
      board_.remove_piece(t.square);
      board_.put_piece(t.square, t.piece);
    }
    // A side has one Flag: once it is shown, no other piece may be it.
    if (type_of(t.piece) != kFlag)
      may_be_flag_ &= ~square_bb(t.square);
    else if (color_of(t.piece) != side_)
      may_be_flag_ = square_bb(t.square);
    history_.push_back(t);
    return;
  }
  const Color mover = board_.side_to_move();
  const Piece from = board_.piece_on(from_sq(t.move)), to = board_.piece_on(to_sq(t.move));
  if (from == kNoPiece || color_of(from) != mover)
    throw Error(where + "no piece of the side to move on " + square_name(from_sq(t.move)));
  if (to != kNoPiece && color_of(to) == mover) throw Error(where + "moves onto its own piece");
  if ((to == kNoPiece) != (t.outcome == Outcome::kQuiet))
    throw Error(where + (to == kNoPiece ? "a fight on an empty square" : "a quiet move onto a piece"));
  if (mover == side_ && !is_legal(board_, t.move)) throw Error(where + "not a legal move");
  Position::Undo undo;
  board_.make(t.move, t.outcome, undo);
  // A piece that moves is no Flag, and an attacked Flag never stays: either way no Flag
  // stands on these squares now or later (a Flag never moves onto a square).
  may_be_flag_ &= ~(square_bb(from_sq(t.move)) | square_bb(to_sq(t.move)));
  history_.push_back(t);
}

void View::legal_moves(MoveList& list) const {
  list.size = 0;
  if (!our_turn()) return;
  generate(board_, list);
  if (rules().marshal_takes_flag) return;
  int kept = 0;
  for (const Move m : list) {
    const bool marshal_on_flag =
        type_of(board_.piece_on(from_sq(m))) == kMarshal && (may_be_flag_ & square_bb(to_sq(m)));
    if (!marshal_on_flag) list.moves[size_t(kept++)] = m;
  }
  list.size = kept;
}

}  // namespace junqi::engine
