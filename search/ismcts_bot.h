#pragma once
// The ISMCTS bot (ismcts.h) behind the Bot interface: belief and sampler per move,
// time management, sensible deployments.

#include "engine/random.h"
#include "eval/evaluation.h"
#include "search/sampling_bot.h"
#include "search/ismcts.h"
#include "search/sampler.h"

namespace junqi::search {

struct IsmctsBotParams {
  IsmctsParams search;
  int64_t default_iterations = 2000;  // when the referee sets no limit
  eval::Weights weights;              // leaf evaluation (make_bot reads the named file)
};

class IsmctsBot final : public SamplingBot {
 public:
  explicit IsmctsBot(const IsmctsBotParams& params);
  void new_game(engine::Color side, const engine::Rules& rules, uint64_t seed) override;
  engine::Move choose_move(const engine::View& view, const Limits& limits) override;

 private:
  IsmctsBotParams params_;
  IsmctsSearch search_;  // its trees carry over from move to move
};

}  // namespace junqi::search
