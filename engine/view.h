#pragma once
// One player's information in a game: its side, its own deployment, the rules and the
// annotated history of NOTATION.md (moves with fight outcomes, and reveal tokens such as
// `f@d12`). This is all a bot may know. The board it implies holds the player's own
// pieces and the enemy's as unidentified (kUnknownType) unless a reveal named them.
// A View is built only from these inputs, never from the referee's true position.

#include <string>
#include <string_view>
#include <vector>

#include "engine/deployment.h"
#include "engine/movegen.h"
#include "engine/position.h"

namespace junqi::engine {

// One history token: a move with what its fight showed, a revealed identity, or (flip
// game) a face-down piece turned up.
struct Token {
  enum class Kind : uint8_t { kMove, kReveal, kFlip };
  Kind kind = Kind::kMove;
  Move move = kNullMove;               // kMove
  Outcome outcome = Outcome::kQuiet;   // kMove
  Piece piece = kNoPiece;              // kReveal, kFlip: the piece shown
  Square square = kNoSquare;           // kReveal, kFlip: where it stands

  static Token of_move(Move m, Outcome o) { return {Kind::kMove, m, o, kNoPiece, kNoSquare}; }
  static Token of_reveal(Piece p, Square s) { return {Kind::kReveal, kNullMove, Outcome::kQuiet, p, s}; }
  static Token of_flip(Piece p, Square s) { return {Kind::kFlip, make_flip(s), Outcome::kQuiet, p, s}; }
  bool operator==(const Token&) const = default;
};

std::string token_string(const Token& t);  // "a6-a7", "a6xa7>", "f@d12", "b7^t"
Token parse_token(std::string_view text);  // throws Error naming the token

class View {
 public:
  // Throws Error naming the broken rule if `own` is not a legal deployment of `side`.
  View(Color side, const Deployment& own, const Rules& rules);

  // Adds the next token. Throws Error if it cannot follow the history (a move from a
  // square without a piece of the side to move, onto its own piece, a quiet move onto
  // an occupied square, a fight onto an empty one, our own move not legal, a reveal
  // contradicting what we know).
  void apply(const Token& t);

  Color side() const { return side_; }
  const Deployment& own_deployment() const { return own_; }
  const Rules& rules() const { return board_.rules(); }
  const std::vector<Token>& history() const { return history_; }
  // Own pieces as they are, enemy pieces unknown unless revealed; side to move and
  // counters as in the game.
  const Position& board() const { return board_; }
  bool our_turn() const { return board_.side_to_move() == side_; }
  // Our legal moves (empty when it is not our turn). Enemy identities do not matter
  // for which moves are legal, so the view knows them exactly, with one exception: under
  // marshal_takes_flag = false an attack of our Marshal is legal unless the target is the
  // Flag. Those attacks on a piece that may be the Flag (may_be_flag) are left out: the
  // referee would refuse the one on the true Flag, and losing by an illegal move must not
  // be a risk a player takes unknowingly. So every move listed here is legal.
  void legal_moves(MoveList& list) const;
  // Enemy pieces that may be the enemy's Flag as far as this view knows: unidentified ones
  // in an enemy headquarters (the only place a Flag stands, RULES.md §3) that never moved
  // and were never attacked (a Flag survives no attack); once the Flag is revealed, its
  // square alone.
  Position::Bitboard may_be_flag() const { return may_be_flag_; }

 private:
  Color side_;
  Deployment own_;
  Position board_;
  Position::Bitboard may_be_flag_ = 0;
  std::vector<Token> history_;
};

}  // namespace junqi::engine
