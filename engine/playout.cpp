#include "engine/playout.h"

#include "engine/deployment.h"
#include "engine/game.h"
#include "engine/game_end.h"
#include "engine/movegen.h"

namespace junqi::engine {

Position random_position(Rng& rng, int plies, const Rules& rules) {
  const Deployment red = random_deployment(rng);
  const Deployment blue = random_deployment(rng);
  Position pos = start_position(red, blue, rules);
  for (int i = 0; i < plies && play_random_move(pos, rng); ++i) {
  }
  return pos;
}

View random_view(Rng& rng, int plies, Color side) {
  const Deployment red = random_deployment(rng), blue = random_deployment(rng);
  Game game(Rules{}, {red, blue});
  View view = game.initial_view(side);
  MoveList list;
  for (int i = 0; i < plies && !game.status().over(); ++i) {
    generate(game.position(), list);
    const Step step = game.apply(list[int(rng.below(uint64_t(list.size)))]);
    for (const Token& t : step.seen[side]) view.apply(t);
  }
  return view;
}

std::vector<Position> midgame_positions(int count) {
  return live_positions<Position>(count, [](Rng& rng, int plies) { return random_position(rng, plies); });
}

std::vector<FlipPosition> midgame_flip_positions(int count) {
  Rules rules;
  rules.kind = GameKind::kFlip;
  std::vector<FlipPosition> out;
  for (uint64_t seed = 1; int(out.size()) < count; ++seed) {
    Rng rng(seed);
    const int plies = 10 * (int(out.size()) % 8 + 1);
    FlipPosition pos = random_flip_layout(rng, rules);
    MoveList list;
    for (int ply = 0; ply < plies && !game_status(pos).over(); ++ply) {
      generate(pos, list);
      FlipPosition::Undo undo;
      pos.make(list[int(rng.below(uint64_t(list.size)))], undo);
    }
    if (pos.board().ply() == plies && !game_status(pos).over()) out.push_back(pos);
  }
  return out;
}

std::vector<View> midgame_views(int count) {
  std::vector<View> out;
  for (int i = 1; i <= count; ++i) {
    Rng rng(uint64_t(100 + i));
    out.push_back(random_view(rng, 40 * i + (40 * i) % 2, kRed));
  }
  return out;
}

}  // namespace junqi::engine
