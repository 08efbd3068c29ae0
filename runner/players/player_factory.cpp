#include "runner/players/player_factory.h"

#include "runner/players/bot_player.h"
#include "runner/players/contest_player.h"
#include "runner/players/jqp_player.h"

namespace junqi::runner {

std::unique_ptr<Player> make_player(const std::string& spec, const PlayerOptions& options) {
  if (spec.starts_with("jqp:")) return std::make_unique<JqpPlayer>(spec.substr(4), options);
  if (spec.starts_with("contest:")) return std::make_unique<ContestPlayer>(spec.substr(8), options);
  return make_player(search::resolve_bot(spec));
}

std::unique_ptr<Player> make_player(const search::BotConfig& config) {
  std::map<std::string, std::string> settings = config.params;
  settings["kind"] = config.kind;
  settings["config"] = config.source;
  if (config.weights) {  // in-memory weights: the record keeps their values
    std::string values;
    for (int f = 0; f < eval::kFeatureCount; ++f) {
      values += f ? "," : "";
      values += std::to_string(config.weights->w[f]);
    }
    settings["weights"] = values;
  }
  return std::make_unique<BotPlayer>(config.name, search::make_bot(config), std::move(settings));
}

bool is_program_spec(const std::string& spec) {
  return spec.starts_with("jqp:") || spec.starts_with("contest:");
}

}  // namespace junqi::runner
