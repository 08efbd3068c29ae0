// `junqi jqp` serving a bot that plays the flip game (tests/support/random_flip_bot.h):
// the program the flip game's JQP tests seat, through the same JqpEngine as
// `junqi jqp --bot NAME`, until a shipped bot plays the flip game.
#include <iostream>
#include <memory>

#include "runner/protocols/jqp_engine.h"
#include "tests/support/random_flip_bot.h"

int main() {
  return junqi::runner::JqpEngine("random-flip", std::make_unique<junqi::testing_support::RandomFlipBot>(),
                                  std::cin, std::cout, std::cerr)
      .run();
}
