#pragma once
// The shell shared by the bots that reason over sampled determinizations (greedy, pimc,
// ismcts): a seeded random stream, deployments with purpose, the sampler kept across
// moves, and the moves that need no search. All of them play the flip game, where the
// view itself deals the determinizations (FlipView::sample).

#include <optional>

#include "engine/random.h"
#include "search/belief.h"
#include "search/bot.h"
#include "search/deployment_choice.h"
#include "search/deployment_prior.h"
#include "search/sampler.h"

namespace junqi::search {

class SamplingBot : public Bot {
 public:
  void new_game(engine::Color, const engine::Rules&, uint64_t seed) override { rng_ = engine::Rng(seed); }
  engine::Deployment deploy() override { return sensible_deployment(rng_); }
  SearchInfo last_info() const override { return info_; }
  bool plays_flip() const override { return true; }
  // The prior over the enemy's deployment that weights the determinizations.
  void set_prior(const DeploymentPrior& prior) { prior_ = prior; }

 protected:
  // Fills `legal` and brings the sampler up to date with the belief. Returns the move to
  // play without searching: none when there is no legal move (kNullMove), the only one,
  // or a random one when no determinization fits (the view defies the rules).
  std::optional<engine::Move> forced_move(const engine::View& view, const Belief& belief, engine::MoveList& legal) {
    view.legal_moves(legal);
    if (legal.size <= 1) return legal.size ? legal[0] : engine::kNullMove;
    sampler_.update(belief, prior_);
    if (!sampler_.consistent()) return legal[int(rng_.below(uint64_t(legal.size)))];
    return std::nullopt;
  }

  // The flip game's forced_move: fills `legal`; none (kNullMove) or the only action.
  static std::optional<engine::Move> forced_flip_action(const engine::FlipView& view, engine::MoveList& legal) {
    view.legal_moves(legal);
    if (legal.size <= 1) return legal.size ? legal[0] : engine::kNullMove;
    return std::nullopt;
  }

  engine::Rng rng_{1};
  SearchInfo info_;
  DeploymentPrior prior_ = DeploymentPrior::uniform();
  Sampler sampler_{std::array<TypeWeights, Sampler::kPieces>{}};  // kept across moves, see Sampler::update
};

}  // namespace junqi::search
