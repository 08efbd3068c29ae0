#include "search/four_bot.h"

#include "engine/error.h"
#include "search/bot_params.h"
#include "search/four_random_bot.h"

namespace junqi::search {

std::unique_ptr<FourBot> make_four_bot(const BotConfig& config) {
  BotParams p(config);
  std::unique_ptr<FourBot> bot;
  if (config.kind == "random") {
    bot = std::make_unique<FourRandomBot>();
  } else if (config.kind == "heuristic" || config.kind == "greedy" || config.kind == "pimc" ||
             config.kind == "ismcts") {
    throw engine::Error("bot '" + config.name + "' (kind '" + config.kind +
                        "') does not play the four-player game (four-seat kinds: random)");
  } else {
    throw engine::Error("unknown bot '" + config.name + "' (kind '" + config.kind +
                        "'; kinds that play four seats: random)");
  }
  p.finish();
  return bot;
}

}  // namespace junqi::search
