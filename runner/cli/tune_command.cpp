// `junqi tune spsa` and `junqi tune fit`: the evaluation-weight tuners (the flip game's
// evaluation with flip rules or flip records); `junqi selfplay`: the records `tune fit`
// learns from.
#include <iostream>
#include <memory>
#include <optional>

#include "engine/error.h"
#include "runner/cli/commands.h"
#include "runner/cli/suggest.h"
#include "runner/cli/interrupt.h"
#include "runner/cli/rules_options.h"
#include "runner/cli/slurm_options.h"
#include "runner/tune/fit_tuner.h"
#include "runner/tournament/selfplay.h"
#include "runner/tune/spsa_tuner.h"

namespace junqi::runner::cli {

namespace {

void add_spsa_command(CLI::App& tune) {
  struct Args {
    SpsaTunerConfig config;
    std::string tc = "iterations=200";
    RulesArgs rules;
    SlurmArgs slurm;             // --slurm DIR: submit the run to a Slurm cluster
    std::string allocation;      // inside that job: its directory
    std::optional<int> slice_of;  // a task of that job's step for this iteration
  };
  auto args = std::make_shared<Args>();
  auto* cmd = tune.add_subcommand("spsa", "Tune evaluation weights by SPSA over game pairs");
  cmd->add_option("--params", args->config.params, "Parameters file (configs/tune/spsa_example.toml)")->required();
  cmd->add_option("--bot", args->config.bot, "Bot whose weights are tuned: pimc or ismcts (flip: also greedy), by name or config path");
  cmd->add_option("--iterations", args->config.iterations, "SPSA iterations")->check(at_least(1));
  cmd->add_option("--pairs", args->config.pairs, "Game pairs per iteration (θ+ against θ-)")->check(at_least(1));
  cmd->add_option("--tc", args->tc, "Time control of both bots");
  cmd->add_option("--seed", args->config.seed, "Seed of the perturbations and the games");
  cmd->add_option("--concurrency", args->config.concurrency, "Games at once (0: hardware threads)");
  cmd->add_option("--state", args->config.state, "State file (JSON): written every iteration, resumed from if present")
      ->required();
  cmd->add_option("--csv", args->config.csv, "CSV of every parameter after every iteration");
  cmd->add_option("--plot", args->config.plot, "SVG plot of the parameter trajectories");
  cmd->add_option("--out", args->config.weights_out, "Tuned weights file, written at the end")->required();
  add_rules_options(*cmd, args->rules);
  add_slurm_options(*cmd, args->slurm);
  // What the Slurm job itself runs (runner/cluster/spsa_slurm.h); not for people.
  cmd->add_option("--in-allocation", args->allocation)->group("");
  cmd->add_option("--play-slice", args->slice_of)->group("")->needs("--in-allocation");
  cmd->callback([args] {
    SpsaTunerConfig config = args->config;
    config.rules = build_rules(args->rules);
    config.time_control = parse_time_control(args->tc);
    // The run again, for the job's scripts: every setting but where it runs.
    std::vector<std::string> flags = {"--params", config.params, "--bot", config.bot, "--iterations",
                                      std::to_string(config.iterations), "--pairs", std::to_string(config.pairs),
                                      "--tc", args->tc, "--seed", std::to_string(config.seed), "--state", config.state,
                                      "--out", config.weights_out};
    if (!config.csv.empty()) flags.insert(flags.end(), {"--csv", config.csv});
    if (!config.plot.empty()) flags.insert(flags.end(), {"--plot", config.plot});
    if (!args->rules.file.empty()) flags.insert(flags.end(), {"--rules", args->rules.file});
    for (const std::string& a : args->rules.assignments) flags.insert(flags.end(), {"--rule", a});
    if (!args->slurm.dir.empty()) return submit_spsa_to_slurm(args->slurm, flags);
    if (args->slice_of) return play_spsa_slice_task(config, args->allocation, *args->slice_of);
    InterruptGuard guard;
    const bool finished = args->allocation.empty()
                              ? run_spsa_tuner(config, std::cout, &g_interrupted)
                              : run_spsa_in_allocation(config, args->allocation, flags, &g_interrupted);
    if (!finished)
      throw engine::Error(
          "spsa: interrupted; the state file holds every finished iteration: run the same command to resume");
  });
}

void add_fit_command(CLI::App& tune) {
  auto config = std::make_shared<FitTunerConfig>();
  auto* cmd = tune.add_subcommand("fit", "Fit evaluation weights to game results (Texel-style logistic regression)");
  cmd->add_option("records", config->records, "Game record files (JSON lines)")->required();
  cmd->add_option("--out", config->out, "Fitted weights file")->required();
  cmd->add_option("--start", config->start,
                  "Weights to start from and compare with, name or path (default: default, or flip for flip records)");
  cmd->add_option("--per-game", config->sampling.per_game, "Positions sampled per game")->check(at_least(1));
  cmd->add_option("--skip", config->sampling.skip_plies, "Opening plies never sampled")->check(at_least(0));
  cmd->add_option("--holdout", config->sampling.holdout, "Share of games held out")->check(between(0.01, 0.9));
  cmd->add_option("--l2", config->l2, "L2 regularization λ")->check(at_least(0));
  cmd->add_option("--seed", config->sampling.seed, "Seed of the sampling and the split");
  cmd->add_flag("--keep-worse", config->keep_worse,
                "Write the weights even if they predict held-out games worse than the start weights");
  cmd->callback([config] { run_fit_tuner(*config, std::cout); });
}

}  // namespace

void add_tune_command(CLI::App& app) {
  auto* tune = app.add_subcommand("tune", "Evaluation-weight tuners: spsa (games) and fit (records)");
  tune->require_subcommand(1);
  add_spsa_command(*tune);
  add_fit_command(*tune);
}

void add_selfplay_command(CLI::App& app) {
  struct Args {
    SelfplayConfig config;
    std::string tc = "iterations=200";
    RulesArgs rules;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("selfplay", "A bot against itself, in parallel, for training records");
  cmd->add_option("--bot", args->config.bot, "Bot name or config path")->required();
  cmd->add_option("--games", args->config.games, "Number of games")->required()->check(at_least(1));
  cmd->add_option("--out", args->config.out, "Record file (JSON lines); must be new or empty")->required();
  cmd->add_option("--tc", args->tc, "Time control");
  cmd->add_option("--seed", args->config.seed, "Seed of the deployments and games");
  cmd->add_option("--concurrency", args->config.concurrency, "Games at once (0: hardware threads)");
  add_rules_options(*cmd, args->rules);
  cmd->callback([args] {
    SelfplayConfig config = args->config;
    config.rules = build_rules(args->rules);
    config.time_control = parse_time_control(args->tc);
    const int n = run_selfplay(config, std::cerr);
    std::cout << n << " games written to " << config.out << std::endl;
  });
}

}  // namespace junqi::runner::cli
