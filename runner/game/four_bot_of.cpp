#include "runner/game/four_bot_of.h"

#include "engine/error.h"

namespace junqi::runner {

std::unique_ptr<search::FourBot> four_bot_of(const search::BotConfig& config) {
  try {
    return search::make_four_bot(config);
  } catch (const engine::Error&) {
    return nullptr;  // the kind does not play four seats
  }
}

}  // namespace junqi::runner
