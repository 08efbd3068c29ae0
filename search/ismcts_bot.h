#pragma once
// The ISMCTS bot (ismcts.h) behind the Bot interface: belief and sampler per move,
// time management, sensible deployments.

#include "engine/random.h"
#include "eval/evaluation.h"
#include "search/bot.h"
#include "search/ismcts.h"
#include "search/sampler.h"

namespace junqi::search {

struct IsmctsBotParams {
  IsmctsParams search;
  int64_t default_iterations = 2000;  // when the referee sets no limit
  std::string weights = "default";    // configs/weights/<name>.toml
};

class IsmctsBot final : public Bot {
 public:
  explicit IsmctsBot(const IsmctsBotParams& params);
  void new_game(engine::Color side, const engine::Rules& rules, uint64_t seed) override;
  engine::Deployment deploy() override;
  engine::Move choose_move(const engine::View& view, const Limits& limits) override;
  SearchInfo last_info() const override { return info_; }

 private:
  IsmctsBotParams params_;
  eval::Weights weights_;
  engine::Rng rng_{1};
  SearchInfo info_;
  Sampler sampler_{std::array<TypeWeights, Sampler::kPieces>{}};  // kept across moves, see Sampler::update
};

}  // namespace junqi::search
