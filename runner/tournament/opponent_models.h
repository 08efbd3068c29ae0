#pragma once
// The opponent models of one tournament run (search/opponent_model.h): one per ordered
// pairing (player, opponent), shared by the games of that pairing, so a bot with
// `learn_opponent = 1` learns its opponent's deployment habit game after game although
// the runner makes fresh players for every game. Games of a pairing that run at once each
// start from the model as it stands and add to it when they end. The models live in
// memory for the run: `--resume` and each shard of a split run start them afresh.

#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "search/opponent_model.h"

namespace junqi::runner {

class OpponentModels {
 public:
  // The model `player` keeps of `opponent` (indices into the tournament's players).
  std::shared_ptr<search::OpponentModel> of(int player, int opponent) {
    std::lock_guard lock(mutex_);
    auto& model = models_[{player, opponent}];
    if (!model) model = std::make_shared<search::OpponentModel>();
    return model;
  }

 private:
  std::mutex mutex_;
  std::map<std::pair<int, int>, std::shared_ptr<search::OpponentModel>> models_;
};

}  // namespace junqi::runner
