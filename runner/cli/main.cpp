// The `junqi` command line.
#include <iostream>

#include "engine/error.h"
#include "runner/cli/commands.h"
#include "runner/cli/interrupt.h"
#include "runner/cli/suggest.h"

int main(int argc, char** argv) {
  using namespace junqi::runner::cli;
  watch_signals();  // before any thread starts, so that all of them leave the signals to it
  CLI::App app{"junqi: Junqi (army chess) engine, bots and match runner"};
  app.require_subcommand(1);
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
  add_slurm_command(app);
  add_stats_command(app);
  add_prior_command(app);
  add_selfplay_command(app);
  add_tune_command(app);
  add_serve_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end parsing as "errors" that succeed. A real one is bad input
    // like any other: one line (CLI11 quotes the value as given, so escaped), status 1.
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "junqi: error: " << parse_error_text(app, e) << " (--help lists the options)\n";
    return 1;
  } catch (const junqi::engine::Error& e) {
    std::cerr << "junqi: error: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
