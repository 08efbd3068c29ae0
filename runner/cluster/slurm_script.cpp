#include "runner/cluster/slurm_script.h"

#include <algorithm>
#include <cctype>

#include "engine/error.h"
#include "runner/game/text.h"

namespace junqi::runner {
namespace {

bool safe_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) ||
         std::string_view("_-./:=,+@%").find(c) != std::string_view::npos;
}

// In a single-quoted word, `{name}` becomes the shell variable: the quote is closed, the
// variable expanded in double quotes, the quote opened again.
std::string with_variables(std::string text) {
  for (const auto& [placeholder, variable] :
       {std::pair{"{task}", "SLURM_ARRAY_TASK_ID"}, std::pair{"{cpus}", "SLURM_CPUS_PER_TASK"}}) {
    const std::string to = cat({"'\"${", variable, "}\"'"});
    for (size_t at = text.find(placeholder); at != std::string::npos;
         at = text.find(placeholder, at + to.size()))
      text.replace(at, std::string_view(placeholder).size(), to);
  }
  return text;
}

// How a job asks for its resources: `tasks` tasks of `cpus` CPUs, output appended to
// `log` (a requeued job keeps what it wrote before), requeued on preemption or not.
struct JobShape {
  int tasks, cpus;
  std::string log;
  bool requeue;
};

// The script's head: every #SBATCH line, then `comment` lines.
std::string script_head(const SlurmOptions& options, const std::string& name, const std::string& workdir,
                        const JobShape& shape, const std::string& comment) {
  std::string s = "#!/bin/bash\n";
  s += cat({"#SBATCH --job-name=", shell_word(name), "\n"});
  s += cat({"#SBATCH --chdir=", shell_word(workdir), "\n"});
  s += cat({"#SBATCH --ntasks=", std::to_string(shape.tasks), "\n"});
  s += cat({"#SBATCH --cpus-per-task=", std::to_string(shape.cpus), "\n"});
  if (!options.partition.empty()) s += cat({"#SBATCH --partition=", shell_word(options.partition), "\n"});
  if (!options.time.empty()) s += cat({"#SBATCH --time=", shell_word(options.time), "\n"});
  if (!options.account.empty()) s += cat({"#SBATCH --account=", shell_word(options.account), "\n"});
  for (const std::string& a : options.sbatch_args) s += cat({"#SBATCH ", shell_word(a), "\n"});
  s += cat({"#SBATCH --output=", shell_word(shape.log), "\n"});
  s += "#SBATCH --open-mode=append\n";
  if (shape.requeue) s += "#SBATCH --requeue\n";
  return s + comment;
}

}  // namespace

std::string shell_word(const std::string& word) {
  if (!word.empty() && std::all_of(word.begin(), word.end(), safe_char)) return word;
  std::string s = "'";
  for (char c : word) s += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return s + "'";
}

std::string shell_words(const std::vector<std::string>& words) {
  std::string s;
  for (const std::string& w : words) s += cat({s.empty() ? "" : " ", shell_word(w)});
  return s;
}

std::string array_script(const SlurmOptions& options, const std::string& name, const std::string& workdir,
                         const std::string& log_dir, const std::vector<std::string>& command) {
  return script_head(
             options, name, workdir, {1, options.cpus_per_task, log_dir + "/task-%a.out", true},
             "# Task K plays shard K of the tournament into its own record file and resumes it if\n"
             "# it holds games already (a requeued, preempted or resubmitted task loses nothing).\n") +
         cat({"exec ", with_variables(shell_words(command)), "\n"});
}

std::string merge_script(const SlurmOptions& options, const std::string& name, const std::string& workdir,
                         const std::string& log_dir, const std::vector<std::string>& command) {
  return script_head(
             options, name, workdir, {1, 1, log_dir + "/merge.out", false},
             "# Runs once every array task has succeeded: checks that every shard is complete, joins\n"
             "# them and writes the tournament's report.\n") +
         cat({"exec ", shell_words(command), "\n"});
}

std::string steps_script(const SlurmOptions& options, const std::string& name, const std::string& workdir,
                         const std::string& log_dir, const std::vector<std::string>& command) {
  return script_head(
             options, name, workdir, {options.tasks, options.cpus_per_task, log_dir + "/job.out", true},
             "# Each iteration is one job step over every task; the state file says where to resume.\n") +
         cat({"exec ", shell_words(command), "\n"});
}

std::string array_spec(const std::vector<int>& tasks, int max_running) {
  std::vector<int> sorted = tasks;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  std::string s;
  for (size_t i = 0; i < sorted.size();) {
    size_t j = i;
    while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1) ++j;
    s += cat({s.empty() ? "" : ",", std::to_string(sorted[i])});
    if (j > i) s += cat({"-", std::to_string(sorted[j])});
    i = j + 1;
  }
  if (max_running > 0) s += cat({"%", std::to_string(max_running)});
  return s;
}

std::string parsable_job_id(const std::string& sbatch_output) {
  const std::string line = trimmed(sbatch_output.substr(0, sbatch_output.find('\n')));
  const std::string id = line.substr(0, line.find(';'));
  if (id.empty() ||
      !std::all_of(id.begin(), id.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    throw engine::Error(cat({"sbatch printed no job id: '", sbatch_output, "'"}));
  return id;
}

}  // namespace junqi::runner
