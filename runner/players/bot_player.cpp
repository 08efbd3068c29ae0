#include "runner/players/bot_player.h"

#include "engine/four/notation.h"
#include "engine/notation.h"

namespace junqi::runner {

Answer<bool> BotPlayer::new_game(engine::Color side, const engine::Rules& rules, uint64_t seed, Deadline) {
  four_game_ = false;
  bot_->new_game(side, rules, seed);
  return answer(true);
}

Answer<bool> BotPlayer::new_four_game(int seat, const engine::Rules& rules, uint64_t seed, Deadline) {
  four_game_ = true;
  four_bot_->new_game(engine::four::Seat(seat), rules, seed);
  return answer(true);
}

Answer<std::string> BotPlayer::deploy(Deadline) {
  return answer(engine::deployment_string(four_game_ ? four_bot_->deploy() : bot_->deploy()));
}

namespace {

MoveAnswer move_answer(engine::Move m, const search::Bot& bot) {
  return MoveAnswer{m == engine::kNullMove ? "resign" : engine::move_string(m), bot.last_info()};
}

}  // namespace

Answer<MoveAnswer> BotPlayer::go_four(const engine::four::FourView& view, const search::Limits& limits, Deadline) {
  const engine::Move m = four_bot_->choose_move(view, limits);
  return answer(MoveAnswer{m == engine::kNullMove ? "resign" : engine::four::move_string(m), four_bot_->last_info()});
}

Answer<MoveAnswer> BotPlayer::go(const engine::View& view, const search::Limits& limits, Deadline) {
  return answer(move_answer(bot_->choose_move(view, limits), *bot_));
}

Answer<MoveAnswer> BotPlayer::go_flip(const engine::FlipView& view, const search::Limits& limits, Deadline) {
  return answer(move_answer(bot_->choose_flip_action(view, limits), *bot_));
}

}  // namespace junqi::runner
