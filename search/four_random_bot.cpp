#include "search/four_random_bot.h"

namespace junqi::search {

engine::Move FourRandomBot::choose_move(const engine::four::FourView& view, const Limits&) {
  engine::four::MoveList list;
  view.legal_moves(list);
  if (list.size == 0) return engine::kNullMove;
  return list[int(rng_.below(uint64_t(list.size)))];
}

}  // namespace junqi::search
