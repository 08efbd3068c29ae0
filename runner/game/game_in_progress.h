#pragma once
// A game in progress as the referee keeps it: the engine's game G with the true position,
// and one view V per player fed only with that player's observations of every step. The
// referee and the web server's games both play through it, and both take moves back by
// replaying the kept moves from the start.
//
// G: engine::Game (views engine::View), engine::FlipGame (views engine::FlipView) or
// engine::four::FourGame (views engine::four::FourView, one per seat).

#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "runner/game/record.h"

namespace junqi::runner {

template <class G, class V>
class GameInProgress {
 public:
  // `start`: the game as it stands before the first move.
  explicit GameInProgress(G start) : game_(std::move(start)) {
    for (int player = 0; player < G::num_players(); ++player) views_[player].emplace(game_.initial_view(player));
  }
  // `start` again, with `moves` played through (a takeback keeps the moves before it).
  GameInProgress(G start, const std::vector<MoveRecord>& moves) : GameInProgress(std::move(start)) {
    for (const MoveRecord& m : moves) apply(m.move);
  }

  // The true position: for the referee, never for a player.
  const G& game() const { return game_; }
  const V& view(int player) const { return *views_[player]; }

  // Plays a legal move (check game().is_legal first) and passes on to each view what its
  // player saw of it.
  auto apply(engine::Move m) {
    auto step = game_.apply(m);
    for (int player = 0; player < G::num_players(); ++player)
      for (const auto& t : step.seen[player]) views_[player]->apply(t);
    return step;
  }

 private:
  G game_;
  std::array<std::optional<V>, G::num_players()> views_;  // optional: a view has no empty state
};

}  // namespace junqi::runner
