// `junqi tournament ... --slurm DIR` submits a tournament to a Slurm cluster; `junqi slurm
// status|merge|resubmit DIR` follow, join and continue it (runner/cluster/).
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>
#include <thread>

#include "engine/config_path.h"
#include "engine/error.h"
#include "runner/cli/commands.h"
#include "runner/cli/slurm_options.h"
#include "runner/cli/suggest.h"
#include "runner/cluster/shard_records.h"
#include "runner/cluster/slurm_job.h"
#include "runner/cluster/spsa_slurm.h"
#include "runner/game/text.h"
#include "runner/players/player_factory.h"
#include "runner/tournament/tournament_report.h"

namespace junqi::runner::cli {
namespace {

namespace fs = std::filesystem;
using engine::Error;

std::string shortest(double v) {
  char buf[32];
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  return std::string(buf, end);
}

// The job's tournament. Moves into the job's working directory first: the flags' relative
// paths (a config file, a bot config) are relative to it, as they are for its tasks.
TournamentConfig enter_job(const SlurmJob& job) {
  fs::current_path(job.workdir);
  TournamentConfig config = tournament_config_of_flags(job.flags);
  config.sprt.reset();  // the job's SPRT is its own (a file's may have been turned off)
  if (!job.sprt.empty()) config.sprt = stats::parse_sprt(job.sprt);
  return config;
}

ShardRecords records_of_job(const SlurmJob& job, const TournamentConfig& config) {
  return read_shard_records(config, job.options.tasks, [&](int k) { return shard_record_file(job, k); });
}

// This user's queued or running jobs among `ids`, one line each as squeue shows them
// ("12_3 RUNNING 0:42 node1"); squeue itself names the array tasks.
std::vector<std::string> queued_jobs(const std::set<std::string>& ids) {
  const std::string listing = run_command({"squeue", "--me", "--noheader", "--format=%F %i %T %M %R"});
  std::vector<std::string> out;
  std::istringstream lines(listing);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string base, rest;
    words >> base;
    std::getline(words, rest);
    if (ids.count(base)) out.push_back(trimmed(rest));
  }
  return out;
}

std::set<std::string> last_submission_ids(const SlurmJob& job) {
  if (job.submissions.empty()) return {};
  const SlurmSubmission& s = job.submissions.back();
  std::set<std::string> ids{s.array_job};
  if (!s.merge_job.empty()) ids.insert(s.merge_job);
  return ids;
}

void print_status(const SlurmJob& job, const TournamentConfig& config, const ShardRecords& records) {
  std::cout << job.dir << ": " << config.players.size() << " players, " << records.planned << " games in "
            << job.options.tasks << " shards";
  if (!job.submissions.empty())
    std::cout << "; submission " << job.submissions.size() << ": array job "
              << job.submissions.back().array_job << ", merge job " << job.submissions.back().merge_job;
  std::cout << "\nshard  games\n";
  for (const ShardProgress& s : records.shards)
    std::cout << std::setw(5) << s.shard << "  " << s.recorded << "/" << s.planned
              << (s.complete() ? "  done"
                  : s.exists   ? ""
                               : "  (no record file)")
              << "\n";
  const double share = records.planned ? 100.0 * double(records.games.size()) / double(records.planned) : 0;
  std::cout << "recorded " << records.games.size() << " of " << records.planned << " games ("
            << fixed(share, 1) << "%), " << records.shards.size() - records.incomplete().size() << " of "
            << records.shards.size() << " shards complete\n\n";
  const ScoreBoard board = merged_board(config, records);
  const TournamentReport report = merged_report(config, records, board);
  std::cout << standings_text(config, board, report);
  if (report.sprt) std::cout << "SPRT on the merged counts: " << report.sprt_verdict << "\n";
}

void status_command(const std::string& dir, bool stop) {
  SlurmJob job = load_slurm_job(dir);
  const TournamentConfig config = enter_job(job);
  const ShardRecords records = records_of_job(job, config);
  print_status(job, config, records);
  const std::set<std::string> ids = last_submission_ids(job);
  std::vector<std::string> queued;
  if (!ids.empty()) try {
      queued = queued_jobs(ids);
    } catch (const Error& e) {
      if (stop) throw;
      std::cout << "Jobs unknown: " << e.what() << "\n";  // off the cluster the records still say enough
      return;
    }
  if (!ids.empty()) {
    std::cout << (queued.empty() ? "No job of it queued or running.\n" : "Queued or running:\n");
    for (const std::string& q : queued) std::cout << "  " << q << "\n";
  }
  if (!stop) return;
  if (!config.sprt) throw Error("slurm status --stop: this tournament has no SPRT to stop on");
  const ScoreBoard board = merged_board(config, records);
  if (merged_report(config, records, board).sprt->decision == stats::SprtResult::Decision::kContinue) {
    std::cout << "SPRT undecided: nothing stopped\n";
    return;
  }
  if (!queued.empty()) {
    std::vector<std::string> cancel = {"scancel"};
    cancel.insert(cancel.end(), ids.begin(), ids.end());
    run_command(cancel);
    std::cout << "SPRT decided: cancelled " << shell_words({cancel.begin() + 1, cancel.end()}) << std::endl;
    // The tasks stop on SIGTERM (their running games are lost, the recorded ones kept);
    // merge once none is left writing.
    for (int waited = 0; !queued_jobs(ids).empty(); ++waited) {
      if (waited == 300)
        throw Error("slurm status --stop: the cancelled jobs are still queued after 5 minutes");
      std::this_thread::sleep_for(std::chrono::seconds(1));
    }
  }
  const ShardRecords final_records = records_of_job(job, config);
  merge_shards(config, final_records, merged_record_file(job), std::cout);
}

void merge_command(const std::string& dir) {
  const SlurmJob job = load_slurm_job(dir);
  const TournamentConfig config = enter_job(job);
  try {
    merge_shards(config, records_of_job(job, config), merged_record_file(job), std::cout);
  } catch (const Error& e) {
    throw Error(cat({job.dir, ": ", e.what(), "; resubmit them with: junqi slurm resubmit ", job.dir}));
  }
}

void resubmit_command(const std::string& dir) {
  SlurmJob job = load_slurm_job(dir);
  if (const auto queued = queued_jobs(last_submission_ids(job)); !queued.empty())
    throw Error(cat({job.dir, ": its jobs are still queued or running (", queued.front(),
                     "): wait for them, or scancel them first"}));
  const TournamentConfig config = enter_job(job);
  const std::vector<int> tasks = records_of_job(job, config).incomplete();
  if (tasks.empty()) {
    std::cout << "Every shard is complete: junqi slurm merge " << job.dir << " joins them\n";
    return;
  }
  const SlurmSubmission s = submit_slurm_job(job, tasks, run_command);
  std::cout << "Resubmitted " << tasks.size() << " shard(s) (" << array_spec(tasks, 0) << "): array job "
            << s.array_job << ", merge job " << s.merge_job << " after it\n";
}

}  // namespace

std::string sprt_text(const stats::SprtConfig& sprt) {
  return cat({"elo0=", shortest(sprt.elo0), " elo1=", shortest(sprt.elo1), " alpha=", shortest(sprt.alpha),
              " beta=", shortest(sprt.beta),
              " model=", sprt.model == stats::SprtConfig::Model::kLogistic ? "logistic" : "normalized"});
}

void add_slurm_options(CLI::App& cmd, SlurmArgs& args) {
  auto* slurm =
      cmd.add_option("--slurm", args.dir,
                     "Submit to Slurm instead of playing here: a job array of shards, records in this "
                     "job directory (on a shared filesystem), then a merge job");
  cmd.add_option("--tasks", args.options.tasks,
                 "--slurm: tasks (a tournament's shards, or the slices of each SPSA iteration)")
      ->check(at_least(1))
      ->needs(slurm);
  cmd.add_option("--cpus-per-task", args.options.cpus_per_task,
                 "--slurm: CPUs of each task, its games at once unless --concurrency")
      ->check(at_least(1))
      ->needs(slurm);
  cmd.add_option("--max-running", args.options.max_running, "--slurm: tasks running at once (0: no limit)")
      ->check(at_least(0))
      ->needs(slurm);
  cmd.add_option("--partition", args.options.partition, "--slurm: partition")->needs(slurm);
  cmd.add_option("--time", args.options.time, "--slurm: time limit of each task (e.g. 4:00:00)")
      ->needs(slurm);
  cmd.add_option("--account", args.options.account, "--slurm: account to charge")->needs(slurm);
  cmd.add_option("--sbatch-arg", args.options.sbatch_args,
                 "--slurm: another sbatch option (e.g. --qos=long), repeatable")
      ->needs(slurm);
}

void submit_tournament_to_slurm(const SlurmArgs& args, const TournamentConfig& config,
                                const std::vector<std::string>& flags, std::optional<int> concurrency) {
  for (const TournamentPlayer& p : config.players)  // a typo fails now, not in every task
    if (!is_program_spec(p.spec)) try {
        make_player(p.spec);
      } catch (const Error& e) {
        throw Error(cat({config.source, ": player '", p.name, "': ", e.what()}));
      }
  SlurmJob job;
  job.dir = fs::absolute(args.dir).lexically_normal().string();
  if (job.dir.ends_with('/')) job.dir.pop_back();
  if (engine::path_exists(job_file(job.dir)))
    throw Error(cat({"--slurm: '", job.dir, "' holds a job already: junqi slurm resubmit ", job.dir,
                     " continues it, or choose another directory"}));
  job.junqi = fs::canonical("/proc/self/exe").string();
  job.workdir = fs::current_path().string();
  job.flags = flags;
  if (config.sprt) job.sprt = sprt_text(*config.sprt);
  job.concurrency = concurrency;
  job.options = args.options;
  std::vector<int> tasks;
  for (int k = 1; k <= job.options.tasks; ++k) tasks.push_back(k);
  const SlurmSubmission s = submit_slurm_job(job, tasks, run_command);
  std::cout << "Submitted " << Schedule(config).size() << " games in " << job.options.tasks
            << " shards: array job " << s.array_job << ", merge job " << s.merge_job << " after it\n"
            << "Records in " << job.dir << "/shards/, the merged tournament in " << merged_record_file(job)
            << "\n"
            << "Follow it with: junqi slurm status " << job.dir << (config.sprt ? " [--stop]" : "")
            << std::endl;
}

namespace {

// A number Slurm gives a task in its environment.
int slurm_env(const char* name) {
  const char* value = std::getenv(name);
  int n = 0;
  if (!value || std::from_chars(value, value + std::strlen(value), n).ec != std::errc() || n < 0)
    throw Error(cat({name, " is ", value ? cat({"'", value, "'"}) : std::string("not set"),
                     ": this runs inside a Slurm job only"}));
  return n;
}

}  // namespace

void submit_spsa_to_slurm(const SlurmArgs& args, const std::vector<std::string>& flags) {
  const std::string dir = fs::absolute(args.dir).lexically_normal().string();
  fs::create_directories(dir + "/logs");
  std::vector<std::string> command = {fs::canonical("/proc/self/exe").string(), "tune", "spsa"};
  command.insert(command.end(), flags.begin(), flags.end());
  command.insert(command.end(), {"--in-allocation", dir});
  const std::string script = dir + "/spsa.sbatch";
  write_file_atomically(script,
                        steps_script(args.options, cat({"junqi-spsa-", fs::path(dir).filename().string()}),
                                     fs::current_path().string(), dir + "/logs", command));
  const std::string id = parsable_job_id(run_command({"sbatch", "--parsable", script}));
  std::cout << "Submitted the SPSA run as job " << id << ": " << args.options.tasks << " tasks of "
            << args.options.cpus_per_task << " CPUs, one job step per iteration; output in " << dir
            << "/logs/job.out\nIf it stops before the end, the same command resumes it from the state file\n";
}

bool run_spsa_in_allocation(const SpsaTunerConfig& config, const std::string& dir,
                            const std::vector<std::string>& flags, const std::atomic<bool>* interrupt) {
  const int tasks = slurm_env("SLURM_NTASKS"), cpus = slurm_env("SLURM_CPUS_PER_TASK");
  std::vector<std::string> slice = {fs::canonical("/proc/self/exe").string(), "tune", "spsa"};
  slice.insert(slice.end(), flags.begin(), flags.end());
  slice.insert(slice.end(), {"--concurrency", std::to_string(cpus), "--in-allocation", dir, "--play-slice"});
  std::cout << "Each iteration's pairs in " << tasks << " slices, one a task of " << cpus << " CPUs\n";
  return run_spsa_tuner(config, std::cout, interrupt,
                        srun_iteration_player(dir, tasks, cpus, slice, run_command));
}

void play_spsa_slice_task(const SpsaTunerConfig& config, const std::string& dir, int k) {
  const int slice = slurm_env("SLURM_PROCID") + 1, slices = slurm_env("SLURM_NTASKS");
  write_slice_result(dir, k, slice, play_spsa_slice(config, k, Shard{slice, slices}));
}

void add_slurm_command(CLI::App& app) {
  auto* slurm = app.add_subcommand(
      "slurm", "Follow a tournament submitted with junqi tournament --slurm DIR: status, merge, resubmit");
  slurm->require_subcommand(1);
  auto dir = std::make_shared<std::string>();
  auto stop = std::make_shared<bool>(false);
  auto* status = slurm->add_subcommand("status", "Each shard's progress, the merged standings and the SPRT");
  status->add_option("dir", *dir, "Job directory")->required();
  status->add_flag("--stop", *stop,
                   "If the SPRT has decided on the merged counts: cancel the jobs, merge what is recorded");
  status->callback([dir, stop] { status_command(*dir, *stop); });
  auto* merge = slurm->add_subcommand(
      "merge", "Join the shards (all complete, or the SPRT decided) and write the report");
  merge->add_option("dir", *dir, "Job directory")->required();
  merge->callback([dir] { merge_command(*dir); });
  auto* resubmit =
      slurm->add_subcommand("resubmit", "Submit the incomplete shards again; each resumes its own records");
  resubmit->add_option("dir", *dir, "Job directory")->required();
  resubmit->callback([dir] { resubmit_command(*dir); });
}

}  // namespace junqi::runner::cli
