#include "search/bot_config.h"

#include <filesystem>

#include "engine/config_path.h"
#include "engine/error.h"
#include "engine/toml_file.h"
#include "search/behaviour_model.h"
#include "search/bot_params.h"
#include "search/deployment_prior.h"
#include "search/greedy_bot.h"
#include "search/heuristic_bot.h"
#include "search/ismcts_bot.h"
#include "search/pimc_bot.h"
#include "search/random_bot.h"

namespace junqi::search {

using engine::Error;

BotConfig load_bot_config(const std::string& path) {
  const toml::table table = engine::read_toml(path);
  BotConfig config;
  config.source = path;
  config.name = std::filesystem::path(path).stem().string();
  for (const auto& [key, node] : table) {
    const std::string where = engine::toml_where(path, node) + std::string(key.str());
    std::string text;
    if (auto s = node.as_string()) text = s->get();
    else if (auto i = node.as_integer()) text = std::to_string(i->get());
    else if (auto f = node.as_floating_point()) text = std::to_string(f->get());
    else if (auto b = node.as_boolean()) text = b->get() ? "true" : "false";
    else throw Error(where + ": expected a string, number or boolean");
    if (key.str() == "kind") config.kind = text;
    else config.params[std::string(key.str())] = text;
  }
  if (config.kind.empty()) throw Error(path + ": missing key 'kind' (e.g. kind = \"random\")");
  return config;
}

BotConfig resolve_bot(const std::string& spec) {
  if (const auto path = engine::find_config("bots", spec)) return load_bot_config(*path);
  if (spec.ends_with(".toml")) throw Error("bot config '" + spec + "' does not exist");
  return {spec, spec, {}, "built-in", std::nullopt};
}

std::string weights_file(const BotConfig& config, const WeightsParam& param) {
  const auto it = config.params.find(std::string(param.key));
  return it == config.params.end() ? std::string(param.fallback) : it->second;
}

namespace {

// The evaluation weights of a bot: the config's in-memory values if it has them, else
// the file its parameter names (configs/weights/default.toml, flip.toml by default).
template <class W>
W named_weights(const BotConfig& config, BotParams& p, const WeightsParam& param, const std::optional<W>& in_memory,
                W (*find)(const std::string&)) {
  const std::string key(param.key), name = p.text(key, std::string(param.fallback));
  if (in_memory) return *in_memory;
  try {
    return find(name);
  } catch (const Error& e) {
    throw Error(config.source + ": " + key + ": " + e.what());
  }
}

eval::Weights leaf_weights(const BotConfig& config, BotParams& p) {
  return named_weights(config, p, kWeightsParam, config.weights, eval::find_weights);
}

eval::FlipWeights flip_weights(const BotConfig& config, BotParams& p) {
  return named_weights(config, p, kFlipWeightsParam, config.flip_weights, eval::find_flip_weights);
}

// The setting of the four-seat pimc and ismcts (four_bot.h) a shared config may hold; the
// 2-player bots have no use for it, as the four-seat bots ignore the 2-player ones.
void ignore_four_seat_settings(BotParams& p) { p.ignore("worlds"); }

}  // namespace

std::unique_ptr<Bot> make_bot(const BotConfig& config) {
  BotParams p(config);
  if (config.kind == "random") {
    p.finish();
    return std::make_unique<RandomBot>();
  }
  std::unique_ptr<SamplingBot> bot;
  if (config.kind == "ismcts") {
    IsmctsBotParams ip;
    ip.search.exploration = p.number("exploration", ip.search.exploration, 0, 10);
    ip.search.rollout = read_rollout_policy(p, ip.search.rollout);
    if (const std::string schedule = p.text("rollout_depth_by_budget", ""); !schedule.empty())
      ip.search.rollout_schedule = parse_rollout_schedule(schedule, config.source + ": rollout_depth_by_budget");
    ip.search.threads = int(p.integer("threads", ip.search.threads, 1, 256));
    ip.search.enemy_share = p.number("enemy_share", ip.search.enemy_share, 0, 1);
    ip.search.paired_root = p.integer("paired_root", ip.search.paired_root, 0, 1) != 0;
    ip.search.reuse_tree = p.integer("reuse_tree", ip.search.reuse_tree, 0, 1) != 0;
    ip.search.halving = p.integer("halving", ip.search.halving, 0, 1) != 0;
    ip.search.widening = p.number("widening", ip.search.widening, 0, 100);
    ip.search.parent_fpu = p.integer("parent_fpu", ip.search.parent_fpu, 0, 1) != 0;
    ip.search.outcome_nodes = p.integer("outcome_nodes", ip.search.outcome_nodes, 0, 1) != 0;
    ip.search.outcome_nodes_from = p.integer("outcome_nodes_from", ip.search.outcome_nodes_from, 0, int64_t(1) << 40);
    ip.search.minimax_weight = p.number("minimax_weight", ip.search.minimax_weight, 0, 1);
    ip.search.minimax_from = p.integer("minimax_from", ip.search.minimax_from, 0, int64_t(1) << 40);
    if (ip.search.minimax_weight > 0 && (ip.search.outcome_nodes || ip.search.outcome_nodes_from > 0))
      throw engine::Error(config.source + ": minimax_weight needs outcome_nodes and outcome_nodes_from off");
    ip.search.flip.rollout = read_rollout_policy(p, ip.search.flip.rollout, "flip_");
    ip.search.flip.prior_visits = p.integer("flip_prior_visits", ip.search.flip.prior_visits, 0, 1000000);
    ip.search.flip.exploration = p.number("flip_exploration", ip.search.flip.exploration, 0, 10);
    ip.default_iterations = p.integer("iterations", ip.default_iterations, 1, int64_t(1) << 40);
    ip.weights = leaf_weights(config, p);
    ip.flag_guard = p.integer("flag_guard", ip.flag_guard, 0, 1) != 0;
    ip.temperature = p.number("temperature", ip.temperature, 0, 100);
    ip.flip_weights = flip_weights(config, p);
    ignore_four_seat_settings(p);
    bot = std::make_unique<IsmctsBot>(ip);
  } else if (config.kind == "greedy") {
    bot = std::make_unique<GreedyBot>(flip_weights(config, p));
  } else if (config.kind == "heuristic") {
    HeuristicParams hp;
    const std::string deployment = p.text("deployment", std::string(kHeuristicDeployment));
    try {
      hp.deployment = engine::parse_legal_deployment(deployment);
    } catch (const Error& e) {
      throw Error(config.source + ": deployment: " + e.what());
    }
    hp.aggression = p.number("aggression", hp.aggression, 0, 10);
    bot = std::make_unique<HeuristicBot>(hp);
  } else if (config.kind == "pimc") {
    PimcParams pp;
    pp.rollout = read_rollout_policy(p, pp.rollout);
    pp.default_iterations = p.integer("iterations", pp.default_iterations, 1, int64_t(1) << 40);
    pp.weights = leaf_weights(config, p);
    pp.flip_weights = flip_weights(config, p);
    ignore_four_seat_settings(p);
    bot = std::make_unique<PimcBot>(pp);
  } else {
    throw Error("unknown bot '" + config.name + "' (kind '" + config.kind +
                "'; known kinds: random, greedy, heuristic, pimc, ismcts)");
  }
  // Every sampling kind takes a deployment prior: "uniform" or configs/priors/<name>.toml,
  // a behaviour model (behaviour_model.h): "none" or configs/behaviour/<name>.toml, and may
  // learn its opponent's habit over the games on top of the prior (opponent_model.h).
  const std::string prior = p.text("prior", "uniform");
  const std::string behaviour = p.text("behaviour", "none");
  const bool learn = p.integer("learn_opponent", 0, 0, 1) != 0;
  const double base_games = p.number("learn_base_games", 2, 1e-3, 1e6);
  p.finish();
  try {
    bot->set_prior(find_prior(prior));
  } catch (const Error& e) {
    throw Error(config.source + ": prior: " + e.what());
  }
  try {
    bot->set_behaviour(find_behaviour(behaviour));
  } catch (const Error& e) {
    throw Error(config.source + ": behaviour: " + e.what());
  }
  if (learn) bot->learn_opponent(config.opponent_model ? config.opponent_model : std::make_shared<OpponentModel>(),
                                 base_games);
  return bot;
}

}  // namespace junqi::search
