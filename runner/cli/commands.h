#pragma once
// Subcommands of the `junqi` executable. Each add_* function registers one command and
// its callback; errors are thrown as engine::Error and reported by main().

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace junqi::runner::cli {

void add_perft_command(CLI::App& app);
void add_legal_command(CLI::App& app);
void add_show_command(CLI::App& app);
void add_deploy_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_match_command(CLI::App& app);
void add_replay_command(CLI::App& app);
void add_play_command(CLI::App& app);
void add_jqp_command(CLI::App& app);
void add_contest_command(CLI::App& app);
void add_tournament_command(CLI::App& app);
void add_merge_command(CLI::App& app);
void add_slurm_command(CLI::App& app);
void add_stats_command(CLI::App& app);
void add_prior_command(CLI::App& app);
// `junqi prior behaviour`, under the prior command.
void add_behaviour_subcommand(CLI::App& prior_cmd);

// --contest-files A,B and --contest-keep-dirs, for commands that start contest: players.
void add_contest_options(CLI::App& cmd, std::vector<std::string>& files, bool& keep_dirs);
void add_tune_command(CLI::App& app);
void add_selfplay_command(CLI::App& app);
void add_serve_command(CLI::App& app);

}  // namespace junqi::runner::cli
