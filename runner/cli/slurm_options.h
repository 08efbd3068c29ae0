#pragma once
// `junqi tournament ... --slurm DIR`: the options that send a tournament to a Slurm
// cluster as a job array of shards, and the submission itself.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "runner/cluster/slurm_script.h"
#include "runner/tournament/tournament_config.h"
#include "runner/tune/spsa_tuner.h"

namespace junqi::runner::cli {

struct SlurmArgs {
  std::string dir;  // the job directory; empty: play here
  SlurmOptions options;
};

// --slurm DIR, --tasks, --cpus-per-task, --max-running, --partition, --time, --account,
// --sbatch-arg; the others need --slurm.
void add_slurm_options(CLI::App& cmd, SlurmArgs& args);

// Submits the tournament `flags` describe (already checked into `config`) to Slurm:
// refuses a directory that holds a job already (`junqi slurm resubmit` continues it).
void submit_tournament_to_slurm(const SlurmArgs& args, const TournamentConfig& config,
                                const std::vector<std::string>& flags, std::optional<int> concurrency);

// `junqi tune spsa FLAGS --slurm DIR`: one job of --tasks tasks that runs the tuner in
// DIR (runner/cluster/spsa_slurm.h); submitting it again resumes from the state file.
void submit_spsa_to_slurm(const SlurmArgs& args, const std::vector<std::string>& flags);
// In that job: the tuner, each iteration a job step over the job's tasks.
bool run_spsa_in_allocation(const SpsaTunerConfig& config, const std::string& dir,
                            const std::vector<std::string>& flags, const std::atomic<bool>* interrupt);
// In a job step: this task's slice of iteration k (SLURM_PROCID, SLURM_NTASKS).
void play_spsa_slice_task(const SpsaTunerConfig& config, const std::string& dir, int k);

// The tournament of `junqi tournament FLAGS...` (defined with that command), for the
// commands that read a job directory.
TournamentConfig tournament_config_of_flags(const std::vector<std::string>& flags);

// "elo0=0 elo1=10 alpha=0.05 beta=0.05 model=normalized": what --sprt reads back.
std::string sprt_text(const stats::SprtConfig& sprt);

}  // namespace junqi::runner::cli
