#include "search/four_bot.h"

#include "engine/error.h"
#include "search/bot_params.h"
#include "search/four_greedy_bot.h"
#include "search/four_ismcts_bot.h"
#include "search/four_pimc_bot.h"
#include "search/four_random_bot.h"

namespace junqi::search {

std::unique_ptr<FourBot> make_four_bot(const BotConfig& config) {
  BotParams p(config);
  std::unique_ptr<FourBot> bot;
  if (config.kind == "random") {
    bot = std::make_unique<FourRandomBot>();
  } else if (config.kind == "greedy") {
    p.ignore("flip_weights");  // the flip game's evaluation, not used on four seats
    bot = std::make_unique<FourGreedyBot>();
  } else if (config.kind == "pimc") {
    FourPimcParams pp;
    pp.default_iterations = p.integer("iterations", pp.default_iterations, 1, int64_t(1) << 40);
    pp.rollout = read_rollout_policy(p, pp.rollout);
    pp.worlds = int(p.integer("worlds", pp.worlds, 1, 10000));
    // 2-player settings a shared config may hold: the 2-player evaluation's weights, its
    // deployment prior and opponent learning do not apply on four seats.
    for (const char* key : {"weights", "flip_weights", "prior", "learn_opponent", "learn_base_games"})
      p.ignore(key);
    bot = std::make_unique<FourPimcBot>(pp);
  } else if (config.kind == "ismcts") {
    FourIsmctsParams ip;
    ip.default_iterations = p.integer("iterations", ip.default_iterations, 1, int64_t(1) << 40);
    ip.exploration = p.number("exploration", ip.exploration, 0, 10);
    ip.rollout = read_rollout_policy(p, ip.rollout);
    ip.worlds = int(p.integer("worlds", ip.worlds, 1, 10000));
    // 2-player settings a shared config may hold, with no meaning on four seats yet.
    for (const char* key : {"weights", "flip_weights", "prior", "learn_opponent", "learn_base_games",
                            "threads", "enemy_share", "paired_root", "reuse_tree", "halving", "widening", "parent_fpu",
                            "minimax_weight", "minimax_from",
                            "rollout_depth_by_budget", "outcome_nodes", "outcome_nodes_from",
                            "flag_guard", "temperature", "flip_rollout_depth", "flip_rollout_retries",
                            "flip_prior_visits", "flip_exploration"})
      p.ignore(key);
    bot = std::make_unique<FourIsmctsBot>(ip);
  } else if (config.kind == "heuristic") {
    throw engine::Error("bot '" + config.name + "' (kind '" + config.kind +
                        "') does not play the four-player game (four-seat kinds: random, greedy, pimc, ismcts)");
  } else {
    throw engine::Error("unknown bot '" + config.name + "' (kind '" + config.kind +
                        "'; kinds that play four seats: random, greedy, pimc, ismcts)");
  }
  p.finish();
  return bot;
}

}  // namespace junqi::search
