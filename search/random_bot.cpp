#include "search/random_bot.h"

namespace junqi::search {

void RandomBot::new_game(engine::Color, const engine::Rules&, uint64_t seed) { rng_ = engine::Rng(seed); }

engine::Deployment RandomBot::deploy() { return engine::random_deployment(rng_); }

engine::Move RandomBot::choose_move(const engine::View& view, const Limits&) {
  engine::MoveList list;
  view.legal_moves(list);
  if (list.size == 0) return engine::kNullMove;
  return list[int(rng_.below(uint64_t(list.size)))];
}

}  // namespace junqi::search
