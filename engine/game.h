#pragma once
// A game in play as the rules see it, in the manner of OpenSpiel's State: the true
// position of one game kind, the legal actions, and what every step shows each player.
// The referee, replay and playouts drive games through this object and only pass its
// observations on, so what a move reveals to whom is decided here and nowhere else.
//
// Players are indices 0..num_players()-1 (in the 2-player games 0 is Red, 1 is Blue),
// so that callers need not change when a kind with more seats arrives.

#include <array>
#include <vector>

#include "engine/deployment.h"
#include "engine/game_end.h"
#include "engine/position.h"
#include "engine/view.h"

namespace junqi::engine {

// What one player learns from one step: history tokens to append to its View, in order.
using Observation = std::vector<Token>;

// One move played, with everything a record or an observer needs to know of it.
struct Step {
  Move move = kNullMove;
  Outcome outcome = Outcome::kQuiet;
  Piece attacker = kNoPiece;  // the fighting pieces; kNoPiece for a quiet move
  Piece defender = kNoPiece;
  Piece turned_up = kNoPiece;  // a flip (flip game): the piece it turned up
  std::array<Observation, kColors> seen;  // by player index
};

class Game {
 public:
  // A dark or open 2-player game from both players' deployments (index 0 = Red).
  Game(const Rules& rules, const std::array<Deployment, kColors>& deployments);

  static constexpr int num_players() { return kColors; }
  int current_player() const { return position_.side_to_move(); }
  const Rules& rules() const { return position_.rules(); }
  const Deployment& deployment(int player) const { return deployments_[player]; }

  // The player's View at the start of play: its own pieces, and whatever the kind shows
  // before the first move (every enemy piece in an open game).
  View initial_view(int player) const;

  bool is_legal(Move m) const { return engine::is_legal(position_, m); }
  // Plays a legal move (check is_legal first) and returns what each player saw of it.
  Step apply(Move m);

  GameStatus status() const { return game_status(position_); }

  // The true position: for the referee's record keeping and replay, never for a player.
  const Position& position() const { return position_; }

 private:
  void reveal_after_fight(Step& step) const;

  Position position_;
  std::array<Deployment, kColors> deployments_;
};

}  // namespace junqi::engine
