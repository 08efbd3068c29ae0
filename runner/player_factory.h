#pragma once
// Players from the specs users write: a bot name or bot config path (in-process), or
// `jqp:<command line>` (an external JQP program).

#include <memory>
#include <string>

#include "runner/player.h"
#include "search/bot_config.h"

namespace junqi::runner {

// Throws engine::Error for an unknown bot or a bad config. options: for programs.
std::unique_ptr<Player> make_player(const std::string& spec, const PlayerOptions& options = {});
// An in-process bot from a config already resolved (and perhaps changed in memory, as the
// tuners change its weights).
std::unique_ptr<Player> make_player(const search::BotConfig& config);

}  // namespace junqi::runner
