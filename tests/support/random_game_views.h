#pragma once
// Red's view of random games from random deployments, for tests that check what search
// does with real mid-game information.

#include <cstdint>

#include "engine/deployment.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/random.h"
#include "engine/view.h"

namespace junqi::testing_support {

// Plays one random game per seed in [1, seeds] under `rules`; after every `every`-th ply
// calls f(truth, red_view, blue_deployment, rng), rng being the game's own stream. The
// view gets what the engine's Game shows Red, as the referee passes it on.
template <class F>
void for_each_random_game_view(uint64_t seeds, int every, F f, const engine::Rules& rules = {}) {
  using namespace junqi::engine;
  for (uint64_t seed = 1; seed <= seeds; ++seed) {
    Rng rng(seed);
    const Deployment red = random_deployment(rng), blue = random_deployment(rng);
    Game game(rules, {red, blue});
    View view = game.initial_view(kRed);
    while (!game.status().over()) {
      MoveList list;
      generate(game.position(), list);
      const Step step = game.apply(list[int(rng.below(uint64_t(list.size)))]);
      for (const Token& t : step.seen[kRed]) view.apply(t);
      if (game.position().ply() % every == 0) f(game.position(), static_cast<const View&>(view), blue, rng);
    }
  }
}

}  // namespace junqi::testing_support
