// `junqi jqp [--bot NAME]`: one of the project's bots as a JQP program on stdin/stdout.
#include <iostream>
#include <memory>

#include "runner/cli/commands.h"
#include "runner/protocols/jqp_engine.h"

namespace junqi::runner::cli {

void add_jqp_command(CLI::App& app) {
  auto bot = std::make_shared<std::string>("random");
  auto* cmd = app.add_subcommand("jqp", "Speak the JQP bot protocol on stdin/stdout with an in-process bot");
  cmd->add_option("--bot", *bot, "Bot name or config path")->capture_default_str();
  cmd->callback([bot] {
    JqpEngine engine(search::resolve_bot(*bot), std::cin, std::cout, std::cerr);
    engine.run();
  });
}

}  // namespace junqi::runner::cli
