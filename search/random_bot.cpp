#include "search/random_bot.h"

namespace junqi::search {

void RandomBot::new_game(engine::Color, const engine::Rules&, uint64_t seed) { rng_ = engine::Rng(seed); }

engine::Deployment RandomBot::deploy() { return engine::random_deployment(rng_); }

namespace {

template <class AnyView>
engine::Move random_legal(const AnyView& view, engine::Rng& rng) {
  engine::MoveList list;
  view.legal_moves(list);
  if (list.size == 0) return engine::kNullMove;
  return list[int(rng.below(uint64_t(list.size)))];
}

}  // namespace

engine::Move RandomBot::choose_move(const engine::View& view, const Limits&) { return random_legal(view, rng_); }

engine::Move RandomBot::choose_flip_action(const engine::FlipView& view, const Limits&) {
  return random_legal(view, rng_);
}

}  // namespace junqi::search
