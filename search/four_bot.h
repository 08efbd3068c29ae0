#pragma once
// The interface of bots that take a seat in the four-player game (四国, RULES.md §8). As
// with the 2-player Bot (bot.h), a four-seat bot's only input about the game is its
// seat's engine::four::FourView; Limits and SearchInfo are the 2-player ones.
//
// Four-seat bots are made from the same configs (configs/bots/<name>.toml, BotConfig) as
// the 2-player ones, by make_four_bot(): kinds that play four seats are random, greedy,
// pimc and ismcts.

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/four/view.h"
#include "engine/random.h"
#include "search/bot.h"
#include "search/bot_config.h"

namespace junqi::search {

class FourBot {
 public:
  virtual ~FourBot() = default;
  // A new game in `seat`: forget the last one. `seed` makes the bot's choices reproducible.
  virtual void new_game(engine::four::Seat seat, const engine::Rules& rules, uint64_t seed) = 0;
  // The seat's deployment, in its own frame (as a 2-player deployment string).
  virtual engine::Deployment deploy() = 0;
  // A legal move for view (it is our turn), or kNullMove to resign.
  virtual engine::Move choose_move(const engine::four::FourView& view, const Limits& limits) = 0;
  virtual SearchInfo last_info() const { return {}; }
};

// The part every four-seat bot shares: the seed's generator and a random legal deployment.
class FourBotBase : public FourBot {
 public:
  void new_game(engine::four::Seat seat, const engine::Rules& rules, uint64_t seed) override {
    seat_ = seat;
    rules_ = rules;
    rng_ = engine::Rng(seed);
  }
  engine::Deployment deploy() override { return engine::random_deployment(rng_); }

 protected:
  // Up to `count` worlds drawn from the view, fewer (maybe none) if the sampler gives up:
  // the sampling bots' shared first step.
  std::vector<engine::four::Position> sample_worlds(const engine::four::FourView& view, int count) {
    std::vector<engine::four::Position> worlds;
    for (int i = 0; i < count; ++i) {
      try {
        worlds.push_back(view.sample(rng_));
      } catch (const engine::Error&) {
        break;
      }
    }
    return worlds;
  }

  engine::four::Seat seat_ = engine::four::kSouth;
  engine::Rules rules_;
  engine::Rng rng_{1};
};

// Throws engine::Error for an unknown kind, a kind that does not play four seats (naming
// it) or a parameter the kind does not take.
std::unique_ptr<FourBot> make_four_bot(const BotConfig& config);

}  // namespace junqi::search
