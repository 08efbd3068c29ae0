#pragma once
// Random playouts: uniformly random legal moves from random deployments. Tests and
// benchmarks draw their mid-game positions from these with a fixed seed.

#include <vector>

#include "engine/flip.h"
#include "engine/perft.h"
#include "engine/position.h"
#include "engine/random.h"
#include "engine/view.h"

namespace junqi::engine {

// Plays up to `plies` random legal moves from random deployments; stops early when the
// game ends. The result is reproducible from the generator's state.
Position random_position(Rng& rng, int plies, const Rules& rules = {});

// Live positions cut from random games: the i-th (from 0) is random_game(rng, plies) with
// plies = 20 * (i % 8 + 1) and rng seeded 1, 2, ... in turn; a game that ends before its
// plies is skipped and the next seed tried. Serves every game kind with a game_status.
template <class Pos, class RandomGame>
std::vector<Pos> live_positions(int count, RandomGame random_game) {
  std::vector<Pos> out;
  for (uint64_t seed = 1; int(out.size()) < count; ++seed) {
    Rng rng(seed);
    const int plies = 20 * (int(out.size()) % 8 + 1);
    Pos pos = random_game(rng, plies);
    if (pos.ply() == plies && !game_status(pos).over()) out.push_back(pos);
  }
  return out;
}

// The fixed mid-game positions of `junqi bench` and bench/: live_positions of random
// games from random deployments.
std::vector<Position> midgame_positions(int count);

// The same for the flip game: random layouts and uniformly random actions (flips and
// moves), cut after 10, 20, ... 80 plies, live positions only.
std::vector<FlipPosition> midgame_flip_positions(int count);

// The fixed mid-game views of `junqi bench --search` and bench/: Red's views of random
// games from fixed seeds after 40, 80, 120, ... plies (even: Red to move).
std::vector<View> midgame_views(int count);

// One side's view after up to `plies` random moves from random deployments, with the
// reveals the default rules make (a dead Field Marshal shows its flag).
View random_view(Rng& rng, int plies, Color side);

// Plays one random legal move; returns false (and plays nothing) if the game is over.
// Serves every position type perft does (four::Position too).
template <class Pos>
bool play_random_move(Pos& pos, Rng& rng) {
  if (status_without_movegen(pos).over()) return false;
  typename MoveListOf<Pos>::type list;
  generate(pos, list);
  if (list.size == 0) return false;
  typename Pos::Undo undo;
  pos.make(list[int(rng.below(uint64_t(list.size)))], undo);
  return true;
}

}  // namespace junqi::engine
