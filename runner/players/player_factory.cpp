#include "runner/players/player_factory.h"

#include "runner/game/four_bot_of.h"

#include "runner/players/bot_player.h"
#include "runner/players/contest_player.h"
#include "runner/players/jqp_player.h"

namespace junqi::runner {

std::unique_ptr<Player> make_player(const std::string& spec, const PlayerOptions& options) {
  if (spec.starts_with("jqp:")) return std::make_unique<JqpPlayer>(spec.substr(4), options);
  if (spec.starts_with("contest:")) return std::make_unique<ContestPlayer>(spec.substr(8), options);
  return make_player(search::resolve_bot(spec));
}

namespace {

// In-memory weights as a record keeps them: the values, comma-separated.
std::string values_text(const Eigen::VectorXd& w) {
  std::string values;
  for (Eigen::Index f = 0; f < w.size(); ++f) {
    values += f ? "," : "";
    values += std::to_string(w[f]);
  }
  return values;
}

}  // namespace

std::unique_ptr<Player> make_player(const search::BotConfig& config) {
  std::map<std::string, std::string> settings = config.params;
  settings["kind"] = config.kind;
  settings["config"] = config.source;
  // In-memory weights (the tuners'): the record keeps their values.
  if (config.weights) settings[std::string(search::kWeightsParam.key)] = values_text(config.weights->w);
  if (config.flip_weights) settings[std::string(search::kFlipWeightsParam.key)] = values_text(config.flip_weights->w);
  std::unique_ptr<search::Bot> bot = search::make_bot(config);  // a bad config fails here, by name
  return std::make_unique<BotPlayer>(config.name, std::move(bot), std::move(settings), four_bot_of(config));
}

bool is_program_spec(const std::string& spec) {
  return spec.starts_with("jqp:") || spec.starts_with("contest:");
}

}  // namespace junqi::runner
