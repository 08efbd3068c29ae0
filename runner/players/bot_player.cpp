#include "runner/players/bot_player.h"

#include "engine/notation.h"

namespace junqi::runner {

Answer<bool> BotPlayer::new_game(engine::Color side, const engine::Rules& rules, uint64_t seed, Deadline) {
  bot_->new_game(side, rules, seed);
  return answer(true);
}

Answer<std::string> BotPlayer::deploy(Deadline) { return answer(engine::deployment_string(bot_->deploy())); }

Answer<MoveAnswer> BotPlayer::go(const engine::View& view, const search::Limits& limits, Deadline) {
  const engine::Move m = bot_->choose_move(view, limits);
  return answer(MoveAnswer{m == engine::kNullMove ? "resign" : engine::move_string(m), bot_->last_info()});
}

}  // namespace junqi::runner
