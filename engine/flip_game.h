#pragma once
// The flip game (翻棋, RULES.md §7.1) in play: the true layout and what every action shows
// each player, as Game (game.h) does for the dark and open games. Everything but the
// identities of face-down pieces is public, so both players see the same tokens: a flip
// as `b7^t` (the piece turned up), a move with its fight outcome (both fighters were face
// up, so nothing more is shown).
//
// Players are indices: 0 is the first player to act, 1 the second. Colours are assigned
// by a flip (option flip_colour); FlipPosition::player_colour maps players to colours.

#include <cstdint>

#include "engine/flip.h"
#include "engine/game.h"
#include "engine/notation.h"

namespace junqi::engine {

// One player's information in a flip game: the public state (face-up pieces, face-down
// squares, colours, counters) and the multiset of pieces still face down, which is all a
// bot may know. Internally a FlipPosition whose face-down squares hold some filling of
// that multiset in a fixed order, independent of the truth: legal actions and the game
// status depend only on the public state and the multiset, so they are exact; the
// filling itself means nothing and is never shown (jfen() writes `?`).
class FlipView {
 public:
  // The view before the first action: all 50 pieces face down on the 50 posts.
  FlipView(int player, const Rules& rules);

  // Adds the next token (a flip or a move). Throws Error if it cannot follow: a flip of a
  // square that is not face down or of a piece no longer face down, a move that is not legal,
  // a fight outcome other than the one the face-up pieces give.
  void apply(const Token& t);

  int player() const { return player_; }
  const Rules& rules() const { return board_.rules(); }
  const std::vector<Token>& history() const { return history_; }
  bool our_turn() const { return board_.player_to_move() == player_; }
  void legal_moves(MoveList& list) const;
  GameStatus status() const { return game_status(board_); }
  // The public position: face-down pieces written `?` (in fields(): face down, no piece).
  std::string jfen() const;
  JfenFields fields() const;
  // A true position consistent with everything seen, every one equally likely: the
  // face-down pieces dealt at random over the face-down squares (uniform layouts and
  // flips that reveal only what they turn up leave every dealing equally likely).
  FlipPosition sample(Rng& rng) const;

 private:
  int player_;
  FlipPosition board_;
  std::vector<Token> history_;
};

class FlipGame {
 public:
  // A layout of every piece face down (random_flip_layout), the first player to act.
  explicit FlipGame(const FlipPosition& layout);

  static constexpr int num_players() { return kColors; }
  int current_player() const { return position_.player_to_move(); }
  const Rules& rules() const { return position_.rules(); }

  FlipView initial_view(int player) const { return FlipView(player, rules()); }
  bool is_legal(Move action) const { return engine::is_legal(position_, action); }
  // Plays a legal action (check is_legal first) and returns what each player saw of it.
  Step apply(Move action);
  // Results name colours; FlipPosition::player_colour says which player won.
  GameStatus status() const { return game_status(position_); }

  // The true position: for the referee and replay, never for a player.
  const FlipPosition& position() const { return position_; }

 private:
  FlipPosition position_;
};

}  // namespace junqi::engine
