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
engine::Rules build_rules(const RulesArgs& args);
// A rules file by path, else a shipped one by name ("flip": configs/rules/flip.toml).
engine::Rules load_rules(const std::string& file);

}  // namespace junqi::runner::cli
