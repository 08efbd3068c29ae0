#include "runner/player_factory.h"

#include "runner/bot_player.h"
#include "runner/contest_player.h"
#include "runner/jqp_player.h"
#include "search/bot_config.h"

namespace junqi::runner {

std::unique_ptr<Player> make_player(const std::string& spec, const PlayerOptions& options) {
  if (spec.starts_with("jqp:")) return std::make_unique<JqpPlayer>(spec.substr(4), options);
  if (spec.starts_with("contest:")) return std::make_unique<ContestPlayer>(spec.substr(8), options);
  const search::BotConfig config = search::resolve_bot(spec);
  std::map<std::string, std::string> settings = config.params;
  settings["kind"] = config.kind;
  settings["config"] = config.source;
  return std::make_unique<BotPlayer>(config.name, search::make_bot(config), std::move(settings));
}

bool is_program_spec(const std::string& spec) {
  return spec.starts_with("jqp:") || spec.starts_with("contest:");
}

}  // namespace junqi::runner
