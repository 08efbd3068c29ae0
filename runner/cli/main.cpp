// The `junqi` command line.
#include <iostream>

#include "engine/error.h"
#include "runner/cli/commands.h"

int main(int argc, char** argv) {
  using namespace junqi::runner::cli;
  CLI::App app{"junqi: Junqi (army chess) engine, bots and match runner"};
  app.require_subcommand(1);
  // CLI11 quotes the offending value as given: escaped, a newline in it cannot split the
  // message.
  app.failure_message([](const CLI::App* a, const CLI::Error& e) {
    const CLI::Error escaped(e.get_name(), junqi::engine::printable(e.what()), e.get_exit_code());
    return CLI::FailureMessage::simple(a, escaped);
  });
  add_perft_command(app);
  add_legal_command(app);
  add_show_command(app);
  add_deploy_command(app);
  add_bench_command(app);
  add_match_command(app);
  add_replay_command(app);
  add_play_command(app);
  add_jqp_command(app);
  add_contest_command(app);
  add_tournament_command(app);
  add_merge_command(app);
  add_stats_command(app);
  add_prior_command(app);
  add_selfplay_command(app);
  add_tune_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const junqi::engine::Error& e) {
    std::cerr << "junqi: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
