#pragma once
// The ISMCTS bot (ismcts.h) behind the Bot interface: belief and sampler per move,
// time management, sensible deployments; in the flip game, the flip search
// (flip_search.h) under the same settings and time management.

#include "engine/random.h"
#include "eval/evaluation.h"
#include "search/sampling_bot.h"
#include "eval/flip_evaluation.h"
#include "search/flip_search.h"
#include "search/ismcts.h"
#include "search/sampler.h"

namespace junqi::search {

struct IsmctsBotParams {
  IsmctsParams search;
  int64_t default_iterations = 2000;  // when the referee sets no limit
  eval::Weights weights;              // leaf evaluation (make_bot reads the named file)
  eval::FlipWeights flip_weights;    // the flip game's (make_bot reads the named file)
  bool flag_guard = true;             // check the best moves for a forced flag loss (flag_guard.h)
  // 0: play the search's best move. T > 0: draw a root move with probability in proportion
  // to visits^(1/T), the weaker levels' noise: plausible moves the search liked less, never
  // a move it did not look at.
  double temperature = 0;
};

class IsmctsBot final : public SamplingBot {
 public:
  explicit IsmctsBot(const IsmctsBotParams& params);
  void new_game(engine::Color side, const engine::Rules& rules, uint64_t seed) override;
  engine::Move choose_move(const engine::View& view, const Limits& limits) override;
  engine::Move choose_flip_action(const engine::FlipView& view, const Limits& limits) override;

 private:
  engine::Move report(const SearchResult& r, const engine::MoveList& legal);
  engine::Move by_temperature(const SearchResult& r, engine::Move best);
  engine::Move guarded(const engine::View& view, const Belief& belief, const SearchResult& r, engine::Move first,
                       const engine::MoveList& legal);

  IsmctsBotParams params_;
  IsmctsSearch search_;     // its trees carry over from move to move
  FlipSearch flip_search_;  // the same in the flip game
};

}  // namespace junqi::search
