#pragma once
// A tournament on a Slurm cluster, kept in a job directory on a filesystem the login node
// and the compute nodes share:
//   DIR/job.json            what was asked (the tournament's flags, the Slurm options) and
//                           every submission's job ids
//   DIR/shards.sbatch       the array job: task K plays shard K/N into DIR/shards/K.jsonl
//   DIR/merge.sbatch        runs after every task succeeded: `junqi slurm merge DIR`
//   DIR/shards/K.jsonl      shard K's records (and its own report beside them)
//   DIR/logs/               the tasks' and the merge's output
//   DIR/tournament.jsonl    the merged records, with .summary.json, .md and .csv
// The directory is the single point of truth: a task resumes its own record file, so a
// resubmission plays exactly the games that are missing.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "runner/cluster/slurm_script.h"

namespace junqi::runner {

struct SlurmSubmission {
  std::string array_job, merge_job;  // Slurm job ids
  std::vector<int> tasks;            // the shards this submission ran
};

struct SlurmJob {
  std::string dir;      // absolute
  std::string junqi;    // absolute path of the executable the jobs run
  std::string workdir;  // absolute: the jobs run there, so relative paths in flags resolve
  std::vector<std::string>
      flags;         // `junqi tournament` flags of the tournament (no --out/--resume/--shard/--sprt)
  std::string sprt;  // the SPRT on the merged counts, as --sprt takes it; empty: none
  std::optional<int> concurrency;  // games at once in a task; unset: its CPUs
  SlurmOptions options;
  std::vector<SlurmSubmission> submissions;
};

std::string job_file(const std::string& dir);                   // DIR/job.json
std::string shard_record_file(const SlurmJob& job, int shard);  // DIR/shards/K.jsonl
std::string merged_record_file(const SlurmJob& job);            // DIR/tournament.jsonl

// Writes job.json atomically. load_slurm_job throws engine::Error naming the file and
// field if it is missing or damaged.
void save_slurm_job(const SlurmJob& job);
SlurmJob load_slurm_job(const std::string& dir);

// What array task {task} runs: the tournament's shard, resumed from its own file, with
// no SPRT of its own (the merged counts decide).
std::vector<std::string> shard_task_command(const SlurmJob& job);
// What the merge job runs.
std::vector<std::string> merge_command(const SlurmJob& job);

// Writes a file whole or not at all (a temporary beside it, then renamed over it), so that
// a reader on another node never sees half of it.
void write_file_atomically(const std::string& path, const std::string& text);

// Runs a command (argv, no shell) and returns its standard output; throws engine::Error
// naming the command with what it printed if it cannot start or exits non-zero.
using CommandRunner = std::function<std::string(const std::vector<std::string>& argv)>;
std::string run_command(const std::vector<std::string>& argv);

// Writes the two scripts and submits them: the array for `tasks` (shard numbers) and the
// merge job after it (afterok: it runs only if every task succeeds, and is cancelled
// otherwise). Appends the submission to the job and saves it.
SlurmSubmission submit_slurm_job(SlurmJob& job, const std::vector<int>& tasks, const CommandRunner& run);

}  // namespace junqi::runner
