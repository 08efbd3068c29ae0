#pragma once
// Reading a bot kind's parameters out of a BotConfig (bot_config.h), shared by the
// 2-player factory (make_bot) and the four-seat one (make_four_bot).

#include <charconv>
#include <cmath>
#include <map>
#include <string>

#include "engine/error.h"
#include "search/bot_config.h"
#include "search/rollout.h"

namespace junqi::search {

// Takes a kind's parameters out of a config one by one, checking type and range; what
// is left at the end was not a parameter of that kind.
class BotParams {
 public:
  explicit BotParams(const BotConfig& config) : config_(config), left_(config.params) {}

  double number(const std::string& key, double fallback, double min, double max) {
    const auto it = left_.find(key);
    if (it == left_.end()) return fallback;
    double v = 0;
    const std::string& text = it->second;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || v < min || v > max)
      throw engine::Error(config_.source + ": " + key + ": expected a number in [" + std::to_string(min) + ", " +
                  std::to_string(max) + "], got '" + text + "'");
    left_.erase(it);
    return v;
  }
  int64_t integer(const std::string& key, int64_t fallback, int64_t min, int64_t max) {
    const double v = number(key, double(fallback), double(min), double(max));
    if (v != std::floor(v)) throw engine::Error(config_.source + ": " + key + ": expected a whole number");
    return int64_t(v);
  }
  std::string text(const std::string& key, const std::string& fallback) {
    const auto it = left_.find(key);
    if (it == left_.end()) return fallback;
    const std::string v = it->second;
    left_.erase(it);
    return v;
  }
  // Takes a parameter this kind accepts but does not use (e.g. a 2-player setting in a
  // config that four-seat bots read too).
  void ignore(const std::string& key) { left_.erase(key); }
  void finish() const {
    if (!left_.empty())
      throw engine::Error(config_.source + ": bot kind '" + config_.kind + "' takes no parameter '" + left_.begin()->first + "'");
  }

 private:
  const BotConfig& config_;
  std::map<std::string, std::string> left_;
};

// The rollout settings of the sampling kinds (pimc, ismcts), 2-player and four-seat alike,
// under their names with `prefix`. The flip game's rollouts (prefix "flip_") take depth and
// retries only: they flip unknown pieces, where no flag and no greedy move can be seen.
inline RolloutPolicy read_rollout_policy(BotParams& p, RolloutPolicy policy, const std::string& prefix = "") {
  policy.depth = int(p.integer(prefix + "rollout_depth", policy.depth, 0, 1000));
  policy.retries = int(p.integer(prefix + "rollout_retries", policy.retries, 0, 100));
  if (!prefix.empty()) return policy;
  policy.take_flag = p.integer("rollout_take_flag", policy.take_flag, 0, 1) != 0;
  policy.greedy_per_mille = int(p.integer("rollout_greedy", policy.greedy_per_mille, 0, 1000));
  return policy;
}

}  // namespace junqi::search
