#pragma once
// Bots are named by config files configs/bots/<name>.toml: a `kind` (which Bot class)
// and that kind's parameters. make_bot() is the one factory keyed by kind.

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "eval/evaluation.h"
#include "eval/flip_evaluation.h"
#include "search/bot.h"
#include "search/opponent_model.h"

namespace junqi::search {

struct BotConfig {
  std::string name;  // as the user named it (file stem or kind)
  std::string kind;  // "random", ...
  std::map<std::string, std::string> params;  // kind-specific settings, as text
  std::string source;                         // the file it came from, for messages
  // Weight values that replace the `weights` (`flip_weights`) file the params name: tuners
  // make bots whose weights exist only in memory (kinds without an evaluation ignore them).
  std::optional<eval::Weights> weights;
  std::optional<eval::FlipWeights> flip_weights = std::nullopt;  // initialized: older {...} lists stop at weights
  // Where a bot with `learn_opponent = 1` keeps what it learns of its opponent: a
  // tournament gives the bots of one pairing the same model, game after game. Null: the
  // bot makes its own, which lives as long as the bot (a match's whole run).
  std::shared_ptr<OpponentModel> opponent_model = nullptr;
};

// A parameter naming a weights file (configs/weights/<name>.toml), and the file it names
// when a config does not set it: the dark and open games' evaluation, the flip game's.
struct WeightsParam {
  std::string_view key, fallback;
};
inline constexpr WeightsParam kWeightsParam{"weights", "default"};
inline constexpr WeightsParam kFlipWeightsParam{"flip_weights", "flip"};

// The weights file a config names by that parameter.
std::string weights_file(const BotConfig& config, const WeightsParam& param);

// Reads a bot config file. Errors name the file, line and key.
BotConfig load_bot_config(const std::string& path);

// Resolves a bot spec: a path to a .toml file, or a name looked up as
// configs/bots/<name>.toml under the current directory and then under the source tree
// this binary was built from, or finally a bare kind name with default parameters.
BotConfig resolve_bot(const std::string& spec);

// Throws engine::Error for an unknown kind or a parameter the kind does not take.
std::unique_ptr<Bot> make_bot(const BotConfig& config);

}  // namespace junqi::search
