#include "runner/players/bot_seat.h"

namespace junqi::runner {

Answer<bool> BotSeat::new_game(engine::Color side, const engine::Rules& rules, uint64_t seed,
                               Deadline deadline) {
  clock_ = GameClock(time_control_);
  last_info_ = {};
  return bot_->new_game(side, rules, seed, deadline);
}

Answer<bool> BotSeat::new_four_game(int seat, const engine::Rules& rules, uint64_t seed, Deadline deadline) {
  clock_ = GameClock(time_control_);
  last_info_ = {};
  return bot_->new_four_game(seat, rules, seed, deadline);
}

template <class Go>
Answer<MoveAnswer> BotSeat::timed(const Go& go) {
  const auto start = SteadyClock::now();
  Answer<MoveAnswer> a = go(clock_.limits());
  clock_.spend(std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start).count());
  if (a.ok()) last_info_ = a.value.info;
  return a;
}

Answer<MoveAnswer> BotSeat::go(const engine::View& view, const search::Limits&, Deadline deadline) {
  return timed([&](const search::Limits& limits) { return bot_->go(view, limits, deadline); });
}

Answer<MoveAnswer> BotSeat::go_flip(const engine::FlipView& view, const search::Limits&, Deadline deadline) {
  return timed([&](const search::Limits& limits) { return bot_->go_flip(view, limits, deadline); });
}

Answer<MoveAnswer> BotSeat::go_four(const engine::four::FourView& view, const search::Limits&, Deadline deadline) {
  return timed([&](const search::Limits& limits) { return bot_->go_four(view, limits, deadline); });
}

}  // namespace junqi::runner
