#pragma once
// Red's view of random games from random deployments, for tests that check what search
// does with real mid-game information.

#include <cstdint>

#include "engine/deployment.h"
#include "engine/game_end.h"
#include "engine/movegen.h"
#include "engine/random.h"
#include "engine/view.h"

namespace junqi::testing_support {

// Plays one random game per seed in [1, seeds]; after every `every`-th ply calls
// f(truth, red_view, blue_deployment, rng), rng being the game's own stream. The view
// gets the flag reveal when Blue's Field Marshal dies, as the referee gives it.
template <class F>
void for_each_random_game_view(uint64_t seeds, int every, F f) {
  using namespace junqi::engine;
  for (uint64_t seed = 1; seed <= seeds; ++seed) {
    Rng rng(seed);
    const Deployment red = random_deployment(rng), blue = random_deployment(rng);
    Position pos = start_position(red, blue);
    View view(kRed, red, {});
    while (!game_status(pos).over()) {
      MoveList list;
      generate(pos, list);
      const Move m = list[int(rng.below(uint64_t(list.size)))];
      const bool marshal = pos.pieces(kBlue, kMarshal) != 0;
      Position::Undo undo;
      view.apply(Token::of_move(m, pos.make(m, undo)));
      if (marshal && !pos.pieces(kBlue, kMarshal) && pos.has_flag(kBlue))
        view.apply(Token::of_reveal(make_piece(kBlue, kFlag), lsb(pos.pieces(kBlue, kFlag))));
      if (pos.ply() % every == 0)
        f(static_cast<const Position&>(pos), static_cast<const View&>(view), blue, rng);
    }
  }
}

}  // namespace junqi::testing_support
