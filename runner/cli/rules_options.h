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
// Refuses a kind no game can be played in yet (engine::check_playable_kind) unless
// `any_kind`: the commands over single positions take every kind.
engine::Rules build_rules(const RulesArgs& args, bool any_kind = false);
// A rules file by path, else a shipped one by name ("flip": configs/rules/flip.toml).
engine::Rules load_rules(const std::string& file);

}  // namespace junqi::runner::cli
