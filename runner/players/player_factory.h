#pragma once
// Players from the specs users write: a bot name or bot config path (in-process),
// `jqp:<command line>` (an external JQP program) or `contest:<command line>` (a program
// speaking the contest protocol, started afresh for every game).

#include <memory>
#include <string>

#include "runner/game/player.h"
#include "search/bot_config.h"

namespace junqi::runner {

// Throws engine::Error for an unknown bot or a bad config. options: for programs.
std::unique_ptr<Player> make_player(const std::string& spec, const PlayerOptions& options = {});
// An in-process bot from a config already resolved (and perhaps changed in memory, as the
// tuners change its weights).
std::unique_ptr<Player> make_player(const search::BotConfig& config);

// Whether a spec names an external program (jqp: or contest:).
bool is_program_spec(const std::string& spec);

}  // namespace junqi::runner
