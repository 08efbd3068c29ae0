#pragma once
// The --rules FILE / --rule key=value options shared by every command that plays.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "engine/rules.h"

namespace junqi::runner::cli {

struct RulesArgs {
  std::string file;                      // --rules: a TOML rules file
  std::vector<std::string> assignments;  // --rule key=value, applied after the file
};

void add_rules_options(CLI::App& cmd, RulesArgs& args);
// What a command does with the rules: play a game of the 2-player kinds (four is refused,
// naming the commands that play it), play any kind the referee plays (four included), or
// look at single positions of any kind.
enum class RulesUse { kPlays, kPlaysFour, kAnyKind };
engine::Rules build_rules(const RulesArgs& args, RulesUse use = RulesUse::kPlays);
// A rules file by path, else a shipped one by name ("flip": configs/rules/flip.toml).
engine::Rules load_rules(const std::string& file);

}  // namespace junqi::runner::cli
