#pragma once
// The four-seat bot of a bot config (search/four_bot.h), for the runner's two ways of
// seating an in-process bot: as a Player (players/) and behind JQP (`junqi jqp`).

#include <memory>

#include "search/bot_config.h"
#include "search/four_bot.h"

namespace junqi::runner {

// The config's bot for the four-player game, or null if its kind does not play four
// seats. The config itself must have been checked (search::make_bot): errors in it are
// not reported here.
std::unique_ptr<search::FourBot> four_bot_of(const search::BotConfig& config);

}  // namespace junqi::runner
