#pragma once
// The flip game (翻棋, RULES.md §7.1). All 50 pieces start face down at random on the 50
// non-camp squares; a turn either turns up a face-down piece (b7^) or moves a face-up
// piece of one's own colour as in §4. Face-down pieces block like any piece but can be
// neither moved nor attacked. A flip decides the colours (option flip_colour); until
// then the players are "first" and "second" and may only flip.
//
// FlipPosition is the true state: a Position holding every identity, face-down ones
// included, plus the set of face-down squares. Before colours are assigned, the
// Position's side to move stands for the player to act: kRed = first, kBlue = second.
// The move generator, perft and game-end functions below mirror those of the base game
// (movegen.h, perft.h, game_end.h), so the same perft template serves both.

#include "engine/game_end.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/random.h"

namespace junqi::engine {

class FlipPosition {
 public:
  using Bitboard = TwoPlayerBoard::Bitboard;

  struct Undo {
    Position::Undo move;  // a move's undo; unused for a flip
    Move action;
    Bitboard face_down;
    bool colours_assigned;
    Color side;
    Color first_colour;
    int quiet_plies;
  };

  // --- set-up (notation and layouts build positions through these) ---
  void put_piece(Square s, Piece p, bool face_down);
  void set_side_to_move(Color c, bool colours_assigned);
  void set_counters(int quiet_plies, int ply) { board_.set_counters(quiet_plies, ply); }
  void set_rules(const Rules& rules) { board_.set_rules(rules); }

  // Exchanges the identities of two face-down pieces: a player's view keeps some filling of
  // its face-down squares consistent with what it has seen, and re-deals it with this.
  void exchange_face_down(Square a, Square b);

  // --- queries ---
  // Every identity, face-down pieces included: the referee's knowledge, not a player's.
  const Position& board() const { return board_; }
  Bitboard face_down() const { return face_down_; }
  bool colours_assigned() const { return colours_assigned_; }
  // The colour to move, or before colours are assigned the player (kRed = first).
  Color side_to_move() const { return board_.side_to_move(); }
  const Rules& rules() const { return board_.rules(); }
  // Players are indices (0 = first, 1 = second). The colour a player acts for: before
  // colours are assigned the placeholder Color(player); after, what the assigning flip gave
  // (a position read from JFEN with colours assigned takes the first player as Red).
  Color player_colour(int player) const { return player == 0 ? first_colour_ : ~first_colour_; }
  int player_to_move() const { return side_to_move() == first_colour_ ? 0 : 1; }

  // Plays a legal action (check is_legal): a flip turns the piece up and may assign the
  // colours; a move is a move of the base game. Returns the fight outcome (kQuiet for a
  // flip or a quiet move). Flips count as plies and reset the no-capture count.
  Outcome make(Move action, Undo& u);
  void unmake(const Undo& u);

  bool operator==(const FlipPosition&) const = default;

 private:
  Position board_;
  Bitboard face_down_ = 0;
  bool colours_assigned_ = false;
  Color first_colour_ = kRed;
};

// Enemy pieces that block but may not be attacked: face-down pieces and, under
// flip_flag_capture = after-mines, a Flag while any Landmine of its colour is on the board.
FlipPosition::Bitboard shielded_pieces(const FlipPosition& pos);
// Face-up pieces of the colour to move that may move (none before colours are assigned).
FlipPosition::Bitboard movable_pieces(const FlipPosition& pos);

// Every legal action: the flips (ascending squares), then the moves.
void generate(const FlipPosition& pos, MoveList& list);
int count_moves(const FlipPosition& pos);
bool is_legal(const FlipPosition& pos, Move action);

// The ends of §7.1 in their order: a Flag taken, a colour without a movable piece (both:
// a draw), the no-capture draw, max_plies; game_status adds "no legal action". Before
// colours are assigned a result names players as colours (first = Red).
GameStatus status_without_movegen(const FlipPosition& pos);
GameStatus game_status(const FlipPosition& pos);

// The 50 pieces face down on the 50 non-camp squares, every arrangement equally likely;
// the first player to act, colours unassigned.
FlipPosition random_flip_layout(Rng& rng, const Rules& rules);

}  // namespace junqi::engine
