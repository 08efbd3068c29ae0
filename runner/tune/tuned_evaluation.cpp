#include "runner/tune/tuned_evaluation.h"

#include "eval/evaluation.h"
#include "eval/flip_evaluation.h"

namespace junqi::runner {

std::string_view TunedEvaluation::name() const { return features().evaluation; }

eval::FeatureNames TunedEvaluation::features() const {
  return flip_ ? eval::flip_feature_names() : eval::feature_names();
}

std::string_view TunedEvaluation::default_weights() const {
  return flip_ ? search::kFlipWeightsParam.fallback : search::kWeightsParam.fallback;
}

std::string TunedEvaluation::weights_name(const search::BotConfig& bot) const {
  return search::weights_file(bot, flip_ ? search::kFlipWeightsParam : search::kWeightsParam);
}

Eigen::VectorXd TunedEvaluation::find(const std::string& name) const {
  return eval::read_weights_file(eval::weights_path(name), features());
}

void TunedEvaluation::give(search::BotConfig& bot, const Eigen::VectorXd& w) const {
  if (flip_) bot.flip_weights = eval::FlipWeights{w};
  else bot.weights = eval::Weights{w};
}

void TunedEvaluation::save(const std::string& path, const Eigen::VectorXd& w, const std::string& comment) const {
  eval::write_weights_file(path, features(), w, comment);
}

}  // namespace junqi::runner
