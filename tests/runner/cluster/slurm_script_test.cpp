// The Slurm batch scripts: words survive the shell as they were, the task's index and CPUs
// reach the command, the #SBATCH lines ask for what the options say.
#include "runner/cluster/slurm_script.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "engine/error.h"
#include "tests/support/error_text.h"

namespace {

using namespace junqi::runner;
using junqi::testing_support::contains;

// What /bin/sh runs `script` to print, with `env` before it.
std::string shell_output(const std::string& script, const std::string& env = "") {
  const std::string path = testing::TempDir() + "slurm_script_test.sh";
  std::ofstream(path) << script;
  FILE* pipe = popen((env + " bash " + path).c_str(), "r");
  std::string out;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
  pclose(pipe);
  return out;
}

TEST(SlurmScript, ShellWordsReachTheProgramAsTheyWere) {
  const std::vector<std::string> words = {"plain", "two words", "it's", "a\"b",  "$HOME",
                                          "`id`",  "x;y",       "",     "=a,b:c"};
  std::string expected;
  for (const std::string& w : words) expected += "<" + w + ">\n";
  EXPECT_EQ(shell_output("printf '<%s>\\n' " + shell_words(words) + "\n"), expected);
  EXPECT_EQ(shell_word("configs/bots/pimc.toml"), "configs/bots/pimc.toml");  // nothing to quote
}

TEST(SlurmScript, ArrayTaskGetsItsIndexAndCpusAndTheOptionsBecomeSbatchLines) {
  SlurmOptions options;
  options.tasks = 8;
  options.cpus_per_task = 4;
  options.partition = "short";
  options.time = "1:30:00";
  options.account = "lab";
  options.sbatch_args = {"--qos=long"};
  const std::string script = array_script(options, "junqi-t", "/home/me/junqi", "/scratch/t/logs",
                                          {"printf", "<%s>\\n", "--shard", "{task}/8", "--resume",
                                           "/scratch/my dir/{task}.jsonl", "--concurrency", "{cpus}"});
  for (const char* line :
       {"#SBATCH --job-name=junqi-t\n", "#SBATCH --chdir=/home/me/junqi\n", "#SBATCH --cpus-per-task=4\n",
        "#SBATCH --partition=short\n", "#SBATCH --time=1:30:00\n", "#SBATCH --account=lab\n",
        "#SBATCH --qos=long\n", "#SBATCH --requeue\n", "#SBATCH --output=/scratch/t/logs/task-%a.out\n",
        "#SBATCH --open-mode=append\n"})
    EXPECT_PRED2(contains, script, line);
  EXPECT_EQ(script.find("--array"), std::string::npos) << "the tasks are chosen at submission";
  EXPECT_EQ(shell_output(script, "SLURM_ARRAY_TASK_ID=3 SLURM_CPUS_PER_TASK=4"),
            "<--shard>\n<3/8>\n<--resume>\n</scratch/my dir/3.jsonl>\n<--concurrency>\n<4>\n");
}

TEST(SlurmScript, MergeScriptRunsItsCommandOnOneCpu) {
  SlurmOptions options;
  options.cpus_per_task = 16;
  const std::string script =
      merge_script(options, "junqi-t-merge", "/w", "/w/logs", {"echo", "merge", "/w/x"});
  EXPECT_PRED2(contains, script, "#SBATCH --cpus-per-task=1\n");
  EXPECT_PRED2(contains, script, "#SBATCH --output=/w/logs/merge.out\n");
  EXPECT_EQ(script.find("--partition"), std::string::npos);  // unset: the cluster's default
  EXPECT_EQ(shell_output(script), "merge /w/x\n");
}

TEST(SlurmScript, ArraySpecJoinsRunsOfTasks) {
  EXPECT_EQ(array_spec({1, 2, 3, 4}, 0), "1-4");
  EXPECT_EQ(array_spec({10, 9, 7, 1, 2, 3, 4}, 0), "1-4,7,9-10");
  EXPECT_EQ(array_spec({5}, 2), "5%2");
}

TEST(SlurmScript, JobIdFromSbatchParsable) {
  EXPECT_EQ(parsable_job_id("4711\n"), "4711");
  EXPECT_EQ(parsable_job_id("4711;cluster2\n"), "4711");
  EXPECT_PRED2(contains, junqi::testing_support::error_of([] { parsable_job_id("sbatch: error: x\n"); }),
               "sbatch printed no job id");
}

}  // namespace
