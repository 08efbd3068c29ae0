#include "runner/cli/rules_options.h"

namespace junqi::runner::cli {

void add_rules_options(CLI::App& cmd, RulesArgs& args) {
  cmd.add_option("--rules", args.file, "Rules file (TOML, e.g. configs/rules/standard.toml)");
  cmd.add_option("--rule", args.assignments, "Set one rule option, key=value (repeatable)");
}

engine::Rules build_rules(const RulesArgs& args) {
  engine::Rules rules = args.file.empty() ? engine::Rules{} : engine::load_rules_file(args.file);
  for (const auto& a : args.assignments) rules.set_assignment(a);
  return rules;
}

}  // namespace junqi::runner::cli
