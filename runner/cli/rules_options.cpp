#include "runner/cli/rules_options.h"

#include "engine/config_path.h"
#include "engine/error.h"

namespace junqi::runner::cli {

void add_rules_options(CLI::App& cmd, RulesArgs& args) {
  cmd.add_option("--rules", args.file,
                 "Rules file (TOML), or the name of a shipped one (standard, flip, house, immobile-at-once)");
  cmd.add_option("--rule", args.assignments, "Set one rule option, key=value (repeatable)");
}

engine::Rules load_rules(const std::string& file) {
  if (!engine::path_exists(file))
    if (const auto shipped = engine::find_config("rules", file)) return engine::load_rules_file(*shipped);
  return engine::load_rules_file(file);
}

engine::Rules build_rules(const RulesArgs& args, RulesUse use) {
  engine::Rules rules = args.file.empty() ? engine::Rules{} : load_rules(args.file);
  for (const auto& a : args.assignments) rules.set_assignment(a);
  if (use == RulesUse::kPlays && rules.kind == engine::GameKind::kFour)
    throw engine::Error(
        "rule kind: this command does not play the four-player game (match, tournament, play and replay do; perft, "
        "legal and bench take its positions)");
  return rules;
}

}  // namespace junqi::runner::cli
