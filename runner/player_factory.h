#pragma once
// Players from the specs users write: a bot name or bot config path (in-process), or
// `jqp:<command line>` (an external JQP program).

#include <memory>
#include <string>

#include "runner/player.h"

namespace junqi::runner {

// Throws engine::Error for an unknown bot or a bad config. options: for programs.
std::unique_ptr<Player> make_player(const std::string& spec, const PlayerOptions& options = {});

}  // namespace junqi::runner
