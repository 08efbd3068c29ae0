#pragma once
// The evaluation a tuner works on, chosen by the game kind: the dark game's
// (eval/evaluation.h; the open game plays it too) or the flip game's
// (eval/flip_evaluation.h). The tuners see only its feature names and a vector of
// weights; this is where that vector comes from a bot's weights file and goes back into a
// bot or a file.

#include <string>
#include <string_view>

#include <Eigen/Core>

#include "engine/rules.h"
#include "eval/weights_file.h"
#include "search/bot_config.h"

namespace junqi::runner {

class TunedEvaluation {
 public:
  explicit TunedEvaluation(engine::GameKind kind) : flip_(kind == engine::GameKind::kFlip) {}

  bool flip() const { return flip_; }
  // "dark" or "flip", as state files and messages name it.
  std::string_view name() const;
  eval::FeatureNames features() const;
  // The shipped weights file the bots use unless their config names another.
  std::string_view default_weights() const;
  // The weights file (name or path) a bot config names for this evaluation.
  std::string weights_name(const search::BotConfig& bot) const;
  // A weights file by name or path, as a vector; errors name the file, line and key.
  Eigen::VectorXd find(const std::string& name) const;
  // Gives the bot these weights in memory, in place of the file its config names.
  void give(search::BotConfig& bot, const Eigen::VectorXd& w) const;
  void save(const std::string& path, const Eigen::VectorXd& w, const std::string& comment) const;

 private:
  bool flip_;
};

}  // namespace junqi::runner
