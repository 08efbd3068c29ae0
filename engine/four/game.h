#pragma once
// A four-player game in play (RULES.md §8), as Game (engine/game.h) is for two players:
// the true position, the legal moves, and what every step shows each of the four seats.
// The referee, replay and the seats' views go through this object, so what a move shows
// to whom is decided here and nowhere else.
//
// Players are the seats' indices, 0..3 = South, East, North, West, in playing order.
// What a step shows (tokens of engine/four/view.h), in this order:
//   - to every seat, the move with its fight's outcome;
//   - to every seat, the Flag of a seat whose Marshal died in the fight and that is still
//     in the game (marshal_death_reveals_flag);
//   - to the attacker's seat only, the defender that killed its attacking Engineer
//     (engineer_scout);
//   - to every seat, each seat that went out, in the order it did, with the reason.

#include <array>
#include <vector>

#include "engine/deployment.h"
#include "engine/four/position.h"
#include "engine/four/view.h"

namespace junqi::engine::four {

// What one seat learns from one step: tokens to append to its FourView, in order.
using Observation = std::vector<Token>;

struct Step {
  Move move = kNullMove;
  Outcome outcome = Outcome::kQuiet;
  Piece attacker = kNoPiece;  // the fighting pieces; kNoPiece for a quiet move
  Piece defender = kNoPiece;
  // Seats that went out in this step, in order, and why.
  std::vector<std::pair<Seat, EndReason>> out;
  std::array<Observation, kSeats> seen;  // by seat
};

class FourGame {
 public:
  // Each seat's deployment is a 2-player deployment string's, in the seat's own frame.
  // Throws Error naming the seat if one is not legal, or if the rules are not kind four.
  FourGame(const Rules& rules, const std::array<Deployment, kSeats>& deployments);

  static constexpr int num_players() { return kSeats; }
  int current_player() const { return position_.side_to_move(); }
  const Rules& rules() const { return position_.rules(); }
  const Deployment& deployment(int seat) const { return deployments_[seat]; }

  // The seat's view at the start of play: its own pieces and, under four_allies_visible,
  // a reveal token for each of its partner's pieces, in square order.
  FourView initial_view(int seat) const;

  bool is_legal(Move m) const { return !status().over() && four::is_legal(position_, m); }
  // Plays a legal move (check is_legal first) and returns what each seat saw of it.
  Step apply(Move m);

  Status status() const { return game_status(position_); }

  // The true position: for the referee's record keeping and replay, never for a player.
  const Position& position() const { return position_; }

 private:
  Position position_;
  std::array<Deployment, kSeats> deployments_;
};

}  // namespace junqi::engine::four
