#pragma once
// One seat's information in a four-player game (RULES.md §8): its own deployment, the
// rules and the history of tokens the referee showed it. This is all a four-seat bot may
// know. The board it implies holds the seat's own pieces, and every other piece as
// unidentified (kUnknownType) unless a token named it.
//
// Tokens (docs/notation.md, "Four-player history tokens"):
//   Sa6-Ca1, Sa6xCa1> / < / =   a move, with its fight's outcome;
//   nF@Nb1                      a piece identity shown (lowercase seat, piece letter, square);
//   out:E:no-moves              a seat went out (reason flag, no-moves or no-movable-pieces)
//                               and its pieces left the board.
// A seat cannot tell by itself when another seat is out for want of a move (it does not
// know those pieces' types), so the referee says so, for every seat that goes out.
//
// Besides the board, the view keeps for every piece of every seat (by identity: its
// deployment slot) the set of types it may still be, from the deployment rules, its moves,
// its fights, reveals and eliminations, and the fights between two pieces it cannot see
// (they constrain both). sample() draws a whole world consistent with all of it.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/deployment.h"
#include "engine/four/movegen.h"
#include "engine/four/position.h"
#include "engine/random.h"

namespace junqi::engine::four {

struct Token {
  enum class Kind : uint8_t { kMove, kReveal, kOut };
  Kind kind = Kind::kMove;
  Move move = kNullMove;              // kMove
  Outcome outcome = Outcome::kQuiet;  // kMove
  Piece piece = kNoPiece;             // kReveal: the piece shown
  Square square = kNoSquare;          // kReveal: where it stands
  Seat seat = kSouth;                 // kOut: the seat that went out
  EndReason reason = EndReason::kNone;  // kOut: why (kFlag, kNoMoves, kNoMovablePieces)

  static Token of_move(Move m, Outcome o) { return {Kind::kMove, m, o, kNoPiece, kNoSquare, kSouth, EndReason::kNone}; }
  static Token of_reveal(Piece p, Square s) {
    return {Kind::kReveal, kNullMove, Outcome::kQuiet, p, s, kSouth, EndReason::kNone};
  }
  static Token of_out(Seat s, EndReason why) { return {Kind::kOut, kNullMove, Outcome::kQuiet, kNoPiece, kNoSquare, s, why}; }
  bool operator==(const Token&) const = default;
};

// Four-player tokens live in junqi::engine::four, next to the 2-player ones of
// engine/view.h: call these qualified (four::token_string).
std::string token_string(const Token& t);  // "Sa6xCa1>", "nF@Nb1", "out:E:no-moves"
Token parse_token(std::string_view text);  // throws Error naming the token

// Bit t set: a piece may be of type t.
using TypeSet = uint16_t;
constexpr TypeSet kAnyType = (1u << kPieceTypes) - 1;
constexpr TypeSet type_set(PieceType t) { return TypeSet(1u << t); }

class FourView {
 public:
  // Throws Error naming the broken rule if `own` is not a legal deployment.
  FourView(Seat seat, const Deployment& own, const Rules& rules);

  // Adds the next token. Throws Error if it cannot follow the history (no piece of the
  // seat to move on the from-square, a move onto a partner, a fight on an empty square,
  // our own move not legal, a reveal contradicting what we know, a seat out twice).
  void apply(const Token& t);

  Seat seat() const { return seat_; }
  const Deployment& own_deployment() const { return own_; }
  const Rules& rules() const { return board_.rules(); }
  const std::vector<Token>& history() const { return history_; }
  // Own pieces as they are, others unknown unless shown; side to move and counters as in
  // the game. Its Flags are only those known: use out() and status(), not in_game().
  const Position& board() const { return board_; }
  bool out(Seat s) const { return out_[s]; }
  bool our_turn() const { return !status().over() && board_.side_to_move() == seat_; }
  Status status() const;
  // Our legal moves (empty unless it is our turn). Legality does not depend on the other
  // seats' identities, except that under marshal_takes_flag = false our Marshal may not
  // attack a Flag: its attacks on a piece that may be a Flag are left out, so every move
  // listed is legal.
  void legal_moves(MoveList& list) const;
  // The board as J4FEN, unknown pieces written X (with their seat letter off their half).
  std::string text() const;

  // The types the piece of `seat` deployed on `slot` may be, from everything seen so far
  // except the fights between two hidden pieces (sample() also honours those).
  TypeSet possible(Seat seat, int slot) const { return possible_[seat][slot]; }

  // A world consistent with everything seen: every seat's deployment (ours as it is), so
  // that replaying the game's moves from them shows this seat exactly its history.
  // Throws Error if none is found (a history that contradicts the rules).
  std::array<Deployment, kSeats> sample_deployments(Rng& rng) const;
  // The position now in such a world: the board with every piece given its sampled type.
  Position sample(Rng& rng) const;
  Position position_in(const std::array<Deployment, kSeats>& world) const;

 private:
  // A fight between two pieces, each by seat and slot, kept for the sampler.
  struct Fight {
    Seat attacker_seat, defender_seat;
    int8_t attacker, defender;
    Outcome outcome;
  };
  // A piece that died in the last move: whether it was a Marshal (its seat's Flag shown
  // next) or the Flag (its seat out for the flag) is only known from the tokens after it.
  struct Death {
    Seat seat;
    int8_t slot;
    bool defender;
  };

  using Possible = std::array<std::array<TypeSet, kDeploymentSlots>, kSeats>;
  // One try at a world for sample_deployments(); nullopt on a dead end.
  std::optional<std::array<Deployment, kSeats>> draw_world(const Possible& possible, Rng& rng) const;
  void apply_move(const Token& t, const std::string& where);
  void apply_reveal(const Token& t, const std::string& where);
  void apply_out(const Token& t, const std::string& where);
  // What the tokens after a move say about its dead pieces (see Death); `pending` is
  // settled in place. Called at the next move and, on a copy, when sampling.
  void settle_deaths(Possible& possible) const;
  void narrow(Seat s, int slot, TypeSet allowed) { possible_[s][slot] &= allowed; }
  Seat next_in(Seat s) const;

  Seat seat_;
  Deployment own_;
  Position board_;
  std::array<int8_t, Board::kSquares> slot_at_;  // deployment slot of the piece on a square, or -1
  Possible possible_{};
  std::vector<Fight> fights_;
  std::vector<Death> deaths_;        // of the last move
  std::array<bool, kSeats> revealed_flag_{};  // in the tokens after the last move
  std::array<EndReason, kSeats> out_now_{};   // why a seat went out after the last move (kNone: it did not)
  std::array<bool, kSeats> out_{};
  EndReason out_reason_ = EndReason::kNone;
  std::vector<Token> history_;
};

}  // namespace junqi::engine::four
