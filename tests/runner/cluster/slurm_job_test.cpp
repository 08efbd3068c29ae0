// The job directory of a tournament on Slurm: job.json round trips and names its damage;
// a submission writes both scripts and asks sbatch for the array, then for the merge
// after it (a fake sbatch records what it was asked).
#include "runner/cluster/slurm_job.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/error.h"
#include "tests/support/error_text.h"
#include "tests/support/text_file.h"

namespace {

using namespace junqi::runner;
using junqi::testing_support::contains;
using junqi::testing_support::error_of;
using junqi::testing_support::read_file;
namespace fs = std::filesystem;

SlurmJob example_job(const std::string& name) {
  SlurmJob job;
  job.dir = (fs::path(testing::TempDir()) / ("slurm_job_" + name)).string();
  fs::remove_all(job.dir);
  job.junqi = "/opt/junqi/bin/junqi";
  job.workdir = "/home/me/junqi";
  job.flags = {"--player", "a=random", "--player", "b=greedy", "--pairs", "50", "--tc", "iterations=30"};
  job.sprt = "elo0=0 elo1=10 alpha=0.05 beta=0.05 model=normalized";
  job.options.tasks = 6;
  job.options.cpus_per_task = 8;
  job.options.partition = "compute";
  return job;
}

TEST(SlurmJob, SubmitsTheArrayThenTheMergeAfterIt) {
  SlurmJob job = example_job("submit");
  std::vector<std::vector<std::string>> asked;
  auto fake_sbatch = [&](const std::vector<std::string>& argv) {
    asked.push_back(argv);
    return asked.size() == 1 ? std::string("1001\n") : std::string("1002;cluster\n");
  };
  const SlurmSubmission s = submit_slurm_job(job, {2, 3, 5}, fake_sbatch);
  EXPECT_EQ(s.array_job, "1001");
  EXPECT_EQ(s.merge_job, "1002");
  ASSERT_EQ(asked.size(), 2u);
  EXPECT_EQ(asked[0],
            (std::vector<std::string>{"sbatch", "--parsable", "--array=2-3,5", job.dir + "/shards.sbatch"}));
  EXPECT_EQ(asked[1], (std::vector<std::string>{"sbatch", "--parsable", "--dependency=afterok:1001",
                                                "--kill-on-invalid-dep=yes", job.dir + "/merge.sbatch"}));
  const std::string tasks = read_file(job.dir + "/shards.sbatch");
  EXPECT_PRED2(
      contains, tasks,
      "exec /opt/junqi/bin/junqi tournament --player a=random --player b=greedy --pairs 50 --tc "
      "iterations=30 "
      "--sprt none --shard ''\"${SLURM_ARRAY_TASK_ID}\"'/6' --resume '" +
          job.dir +
          "/shards/'\"${SLURM_ARRAY_TASK_ID}\"'.jsonl' --concurrency ''\"${SLURM_CPUS_PER_TASK}\"''\n");
  EXPECT_PRED2(contains, read_file(job.dir + "/merge.sbatch"),
               "exec /opt/junqi/bin/junqi slurm merge " + job.dir + "\n");
  EXPECT_TRUE(fs::is_directory(job.dir + "/logs"));

  const SlurmJob loaded = load_slurm_job(job.dir);
  EXPECT_EQ(loaded.flags, job.flags);
  EXPECT_EQ(loaded.sprt, job.sprt);
  EXPECT_EQ(loaded.options.tasks, 6);
  EXPECT_EQ(loaded.options.cpus_per_task, 8);
  EXPECT_EQ(loaded.options.partition, "compute");
  EXPECT_FALSE(loaded.concurrency);
  ASSERT_EQ(loaded.submissions.size(), 1u);
  EXPECT_EQ(loaded.submissions[0].tasks, (std::vector<int>{2, 3, 5}));
  EXPECT_EQ(loaded.submissions[0].merge_job, "1002");
}

TEST(SlurmJob, AnArrayQueuedWithoutItsMergeIsStillRecorded) {
  SlurmJob job = example_job("half");
  int calls = 0;
  auto sbatch = [&](const std::vector<std::string>&) -> std::string {
    if (++calls == 2) throw junqi::engine::Error("sbatch: exit status 1");
    return "77\n";
  };
  EXPECT_THROW(submit_slurm_job(job, {1, 2, 3, 4, 5, 6}, sbatch), junqi::engine::Error);
  const SlurmJob loaded = load_slurm_job(job.dir);
  ASSERT_EQ(loaded.submissions.size(), 1u);
  EXPECT_EQ(loaded.submissions[0].array_job, "77");
  EXPECT_EQ(loaded.submissions[0].merge_job, "");
}

TEST(SlurmJob, ADamagedOrMissingJobFileIsNamed) {
  const std::string dir = (fs::path(testing::TempDir()) / "slurm_job_damaged").string();
  fs::remove_all(dir);
  EXPECT_PRED2(contains, error_of([&] { load_slurm_job(dir); }),
               "is not a Slurm job directory (no " + dir + "/job.json)");
  SlurmJob job = example_job("damaged");
  save_slurm_job(job);
  std::string text = read_file(job_file(job.dir));
  text.replace(text.find("\"tasks\": 6"), 10, "\"tasks\": \"six\"");
  std::ofstream(job_file(job.dir)) << text;
  EXPECT_PRED2(contains, error_of([&] { load_slurm_job(job.dir); }), job_file(job.dir) + ": field 'tasks'");
}

TEST(SlurmJob, ACommandThatFailsIsOneLineNamingIt) {
  EXPECT_EQ(run_command({"printf", "%s", "it's"}), "it's");
  EXPECT_PRED2(contains, error_of([] {
                 run_command({"sh", "-c", "echo no such partition; exit 1"});
               }),
               "sh -c 'echo no such partition; exit 1': exit status 1 no such partition");
  EXPECT_PRED2(contains, error_of([] { run_command({"junqi-no-such-command-x"}); }), "command not found");
}

}  // namespace
