#include "search/four_bot.h"

#include "engine/error.h"
#include "search/bot_params.h"
#include "search/four_greedy_bot.h"
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
  } else if (config.kind == "heuristic" || config.kind == "pimc" || config.kind == "ismcts") {
    throw engine::Error("bot '" + config.name + "' (kind '" + config.kind +
                        "') does not play the four-player game (four-seat kinds: random, greedy)");
  } else {
    throw engine::Error("unknown bot '" + config.name + "' (kind '" + config.kind +
                        "'; kinds that play four seats: random, greedy)");
  }
  p.finish();
  return bot;
}

}  // namespace junqi::search
