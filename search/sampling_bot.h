#pragma once
// The shell shared by the bots that reason over sampled determinizations (greedy, pimc,
// ismcts): a seeded random stream, deployments with purpose, the sampler kept across
// moves, and the moves that need no search. All of them play the flip game, where the
// view itself deals the determinizations (FlipView::sample).

#include <memory>
#include <optional>

#include "engine/random.h"
#include "search/belief.h"
#include "search/bot.h"
#include "search/deployment_choice.h"
#include "search/deployment_prior.h"
#include "search/opponent_model.h"
#include "search/sampler.h"

namespace junqi::search {

class SamplingBot : public Bot {
 public:
  // A new game; with an opponent model, the prior becomes its blend of what earlier games
  // against this opponent showed.
  void new_game(engine::Color, const engine::Rules&, uint64_t seed) override {
    rng_ = engine::Rng(seed);
    if (opponent_) prior_ = opponent_->prior(base_prior_, base_games_);
  }
  void game_over(const engine::View& final_view) override {
    if (opponent_) opponent_->learn(final_view);
  }
  engine::Deployment deploy() override { return sensible_deployment(rng_); }
  SearchInfo last_info() const override { return info_; }
  bool plays_flip() const override { return true; }
  // The prior over the enemy's deployment that weights the determinizations.
  void set_prior(const DeploymentPrior& prior) { base_prior_ = prior_ = prior; }
  // How the enemy's pieces have acted weights their types too (behaviour_model.h).
  void set_behaviour(const BehaviourModel& behaviour) { behaviour_ = behaviour; }
  // Learn the opponent's deployment habit game by game into `model` (shared by the bots
  // of one pairing), blended with the prior above at a weight of `base_games` games.
  void learn_opponent(std::shared_ptr<OpponentModel> model, double base_games) {
    opponent_ = std::move(model);
    base_games_ = base_games;
  }

 protected:
  // Fills `legal` and brings the sampler up to date with the belief. Returns the move to
  // play without searching: none when there is no legal move (kNullMove), the only one,
  // or a random one when no determinization fits (the view defies the rules).
  std::optional<engine::Move> forced_move(const engine::View& view, const Belief& belief, engine::MoveList& legal) {
    view.legal_moves(legal);
    if (legal.size <= 1) return legal.size ? legal[0] : engine::kNullMove;
    sampler_.update(belief, prior_, behaviour_);
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
  DeploymentPrior prior_ = DeploymentPrior::uniform();       // this game's
  DeploymentPrior base_prior_ = DeploymentPrior::uniform();  // the config's
  BehaviourModel behaviour_ = BehaviourModel::neutral();
  std::shared_ptr<OpponentModel> opponent_;                  // null: no learning
  double base_games_ = 2;
  Sampler sampler_{std::array<TypeWeights, Sampler::kPieces>{}};  // kept across moves, see Sampler::update
};

}  // namespace junqi::search
