// `junqi contest [--bot NAME]`: one of the project's bots as a contest-protocol program
// (2012 军棋博弈项目协议) on stdin/stdout, for one game.
#include <cstdlib>
#include <iostream>
#include <memory>

#include "runner/cli/commands.h"
#include "runner/cli/rules_options.h"
#include "runner/protocols/contest_engine.h"

namespace junqi::runner::cli {

void add_contest_options(CLI::App& cmd, std::vector<std::string>& files, bool& keep_dirs) {
  cmd.add_option("--contest-files", files,
                 "Files copied into each contest: program's fresh working directory (comma-separated)")
      ->delimiter(',')
      ->check(CLI::ExistingPath);
  cmd.add_flag("--contest-keep-dirs", keep_dirs,
               "Keep contest: programs' working directories after each game (their paths are in the --log)");
}

void add_contest_command(CLI::App& app) {
  struct Args {
    std::string bot = "strongest";
    uint64_t seed = 0;
    RulesArgs rules;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("contest", "Play one game as a contest-protocol bot on stdin/stdout");
  cmd->add_option("--bot", args->bot, "Bot name or config path")->capture_default_str();
  cmd->add_option("--seed", args->seed, "Seed of the bot's choices (0: a fresh one)")->capture_default_str();
  add_rules_options(*cmd, args->rules);
  cmd->callback([args] {
    const engine::Rules rules = build_rules(args->rules);
    if (rules.kind == engine::GameKind::kFlip)
      throw engine::Error("rule kind: the contest protocol has no flips; junqi contest plays the dark and open games");
    ContestEngine engine(search::resolve_bot(args->bot), rules, args->seed, std::cin, std::cout, std::cerr);
    if (const int status = engine.run(); status != 0) std::exit(status);
  });
}

}  // namespace junqi::runner::cli
