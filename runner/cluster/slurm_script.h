#pragma once
// The batch scripts a tournament on a Slurm cluster is submitted with: a job array whose
// task K plays shard K/N into its own record file, and a merge job that runs once every
// task has succeeded. Pure text, so that what sbatch receives can be read and tested.

#include <string>
#include <vector>

namespace junqi::runner {

// What the job asks Slurm for; empty strings leave the cluster's default.
struct SlurmOptions {
  int tasks = 1;                         // array tasks = shards
  int cpus_per_task = 1;                 // games at once in each task (unless --concurrency says otherwise)
  int max_running = 0;                   // array tasks running at once (sbatch --array=...%M); 0 = no limit
  std::string partition;                 // sbatch --partition
  std::string time;                      // sbatch --time, per task (e.g. 2:00:00)
  std::string account;                   // sbatch --account
  std::vector<std::string> sbatch_args;  // more #SBATCH lines, e.g. "--qos=long"
};

// One word for /bin/sh: as it is when it holds only safe characters, else in single quotes.
std::string shell_word(const std::string& word);
std::string shell_words(const std::vector<std::string>& words);

// The array task's script: `junqi <command...>` with "{task}" in any word replaced by the
// task's index (SLURM_ARRAY_TASK_ID) and "{cpus}" by its CPUs (SLURM_CPUS_PER_TASK). Runs
// in `workdir`, its output to `log_dir`/task-<index>.out (appended: a requeued task keeps
// what it wrote before). Requeueable: a preempted task starts again and resumes.
std::string array_script(const SlurmOptions& options, const std::string& name, const std::string& workdir,
                         const std::string& log_dir, const std::vector<std::string>& command);

// The merge job's script: `junqi <command...>` on one CPU, output to `log_dir`/merge.out.
std::string merge_script(const SlurmOptions& options, const std::string& name, const std::string& workdir,
                         const std::string& log_dir, const std::vector<std::string>& command);

// A job of `options.tasks` tasks held together (an SPSA run): `junqi <command...>` runs
// once, on the first node, and starts job steps (srun) over the tasks itself. Output to
// `log_dir`/job.out, appended; requeueable (it resumes from its state file).
std::string steps_script(const SlurmOptions& options, const std::string& name, const std::string& workdir,
                         const std::string& log_dir, const std::vector<std::string>& command);

// sbatch --array's value for these task indices: "1-4,7,9-10", then "%M" if M > 0.
std::string array_spec(const std::vector<int>& tasks, int max_running);

// The job id sbatch --parsable printed ("123" or "123;cluster"); throws engine::Error
// quoting the output if there is none.
std::string parsable_job_id(const std::string& sbatch_output);

}  // namespace junqi::runner
