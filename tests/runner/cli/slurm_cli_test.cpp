// `junqi tournament --slurm` and `junqi slurm` as a user runs them, with stand-ins for
// sbatch and squeue (scripts/slurm-test.sh runs them on a real cluster): the submitted
// task script, run for each task, plays the shards; the merge equals the tournament
// played whole; bad combinations are one-line errors.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "runner/game/record.h"
#include "tests/support/error_text.h"
#include "tests/support/junqi_command.h"
#include "tests/support/text_file.h"

namespace {

using junqi::testing_support::contains;
using junqi::testing_support::read_file;
using junqi::testing_support::run_junqi;
namespace fs = std::filesystem;

const std::string kTournament =
    "tournament --player random --player greedy --pairs 4 --rule max_plies=200 --seed 9";

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::path(testing::TempDir()) / ("slurm_cli_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir / "bin");
  // sbatch answers with a job id, as --parsable does; squeue knows no job.
  std::ofstream(dir / "bin/sbatch") << "#!/bin/sh\necho 4242\n";
  std::ofstream(dir / "bin/squeue") << "#!/bin/sh\nexit 0\n";
  for (const char* p : {"bin/sbatch", "bin/squeue"}) fs::permissions(dir / p, fs::perms::owner_all);
  return dir;
}

// junqi with the stand-ins first on its PATH; stderr joins stdout unless args redirect it.
junqi::testing_support::CommandResult with_fakes(const fs::path& dir, const std::string& args) {
  const bool own_redirect = args.find("2>") != std::string::npos;
  const std::string cmd = "PATH='" + (dir / "bin").string() + "':\"$PATH\" " + JUNQI_BINARY + " " + args +
                          (own_redirect ? "" : " 2>&1");
  FILE* pipe = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  while (size_t n = fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
  const int status = pclose(pipe);
  return {WEXITSTATUS(status), out};
}

int run_shell(const std::string& command) { return WEXITSTATUS(std::system(command.c_str())); }

TEST(SlurmCli, TheSubmittedTasksAndTheMergeGiveTheWholeTournament) {
  const fs::path dir = scratch("whole");
  const std::string job = (dir / "job").string();
  auto submitted = with_fakes(dir, kTournament + " --slurm " + job + " --tasks 2 --cpus-per-task 2");
  ASSERT_EQ(submitted.status, 0) << submitted.out;
  EXPECT_PRED2(contains, submitted.out,
               "Submitted 8 games in 2 shards: array job 4242, merge job 4242 after it");
  // What Slurm would do: each task runs the script, then the merge job.
  auto status = with_fakes(dir, "slurm status " + job);
  EXPECT_PRED2(contains, status.out, "recorded 0 of 8 games");
  for (int task : {1, 2})
    ASSERT_EQ(run_shell("SLURM_ARRAY_TASK_ID=" + std::to_string(task) + " SLURM_CPUS_PER_TASK=1 bash " + job +
                        "/shards.sbatch > " + job + "/task.log 2>&1"),
              0)
        << read_file(job + "/task.log");
  auto merged = with_fakes(dir, "slurm merge " + job);
  ASSERT_EQ(merged.status, 0) << merged.out;

  const std::string whole = (dir / "whole.jsonl").string();
  auto played = run_junqi(kTournament + " --out " + whole);
  ASSERT_EQ(played.status, 0) << played.out;
  EXPECT_EQ(read_file(job + "/tournament.csv"), read_file((dir / "whole.csv").string()));
  EXPECT_EQ(junqi::runner::read_records(job + "/tournament.jsonl").size(), 8u);
  status = with_fakes(dir, "slurm status " + job);
  EXPECT_PRED2(contains, status.out, "recorded 8 of 8 games (100.0%), 2 of 2 shards complete");
  EXPECT_PRED2(contains, status.out, "No job of it queued or running.");
  // Every shard is complete: nothing to resubmit.
  EXPECT_PRED2(contains, with_fakes(dir, "slurm resubmit " + job).out, "Every shard is complete");
}

TEST(SlurmCli, AnIncompleteSetAndWrongFlagsAreOneLineErrors) {
  const fs::path dir = scratch("errors");
  const std::string job = (dir / "job").string();
  ASSERT_EQ(with_fakes(dir, kTournament + " --slurm " + job + " --tasks 3").status, 0);
  auto merge = with_fakes(dir, "slurm merge " + job + " 2>&1 >/dev/null");
  EXPECT_EQ(merge.status, 1);
  EXPECT_EQ(merge.out,
            "junqi: error: " + job +
                ": merge: shards 1 (no record file), 2 (no record file), 3 (no record file) incomplete "
                "(0 of 8 games recorded); resubmit them with: junqi slurm resubmit " +
                job + "\n");
  auto again = with_fakes(dir, kTournament + " --slurm " + job + " --tasks 3");
  EXPECT_EQ(again.status, 1);
  EXPECT_PRED2(contains, again.out, "holds a job already: junqi slurm resubmit " + job);
  auto out = with_fakes(dir, kTournament + " --slurm " + (dir / "other").string() + " --out x.jsonl");
  EXPECT_PRED2(contains, out.out, "--out, --resume and --shard do not apply");
  EXPECT_PRED2(contains, run_junqi(kTournament + " --tasks 3").out, "--tasks requires --slurm");
  EXPECT_PRED2(contains, run_junqi("slurm status " + (dir / "none").string()).out,
               "is not a Slurm job directory");
  auto resubmit = with_fakes(dir, "slurm resubmit " + job);
  EXPECT_PRED2(contains, resubmit.out, "Resubmitted 3 shard(s) (1-3)");
}

}  // namespace
