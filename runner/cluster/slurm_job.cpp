#include "runner/cluster/slurm_job.h"

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/error.h"
#include "runner/game/json_input.h"
#include "runner/game/text.h"

namespace junqi::runner {
namespace {

using engine::Error;
using nlohmann::json;
namespace fs = std::filesystem;

std::vector<std::string> strings_of(const JsonField& field) {
  std::vector<std::string> out;
  for (const JsonField& e : field.elements()) out.push_back(e.text());
  return out;
}

std::vector<int> ints_of(const JsonField& field) {
  std::vector<int> out;
  for (const JsonField& e : field.elements()) out.push_back(e.integer());
  return out;
}

std::string shards_script_file(const SlurmJob& job) { return job.dir + "/shards.sbatch"; }
std::string merge_script_file(const SlurmJob& job) { return job.dir + "/merge.sbatch"; }
std::string log_dir(const SlurmJob& job) { return job.dir + "/logs"; }

}  // namespace

void write_file_atomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    if (!(out << text) || !out.flush()) throw Error(cat({"cannot write '", tmp, "'"}));
  }
  fs::rename(tmp, path);
}

std::string job_file(const std::string& dir) { return dir + "/job.json"; }
std::string shard_record_file(const SlurmJob& job, int shard) {
  return cat({job.dir, "/shards/", std::to_string(shard), ".jsonl"});
}
std::string merged_record_file(const SlurmJob& job) { return job.dir + "/tournament.jsonl"; }

void save_slurm_job(const SlurmJob& job) {
  const SlurmOptions& o = job.options;
  json j = {{"junqi", job.junqi},
            {"workdir", job.workdir},
            {"flags", job.flags},
            {"sprt", job.sprt},
            {"tasks", o.tasks},
            {"cpus_per_task", o.cpus_per_task},
            {"max_running", o.max_running},
            {"partition", o.partition},
            {"time", o.time},
            {"account", o.account},
            {"sbatch_args", o.sbatch_args},
            {"submissions", json::array()}};
  if (job.concurrency) j["concurrency"] = *job.concurrency;
  for (const SlurmSubmission& s : job.submissions)
    j["submissions"].push_back({{"array_job", s.array_job}, {"merge_job", s.merge_job}, {"tasks", s.tasks}});
  fs::create_directories(job.dir);
  write_file_atomically(job_file(job.dir), j.dump(1) + "\n");
}

SlurmJob load_slurm_job(const std::string& dir) {
  const std::string path = job_file(dir);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(cat({"'", dir, "' is not a Slurm job directory (no ", path, ")"}));
  std::ostringstream text;
  text << in.rdbuf();
  try {
    const json j = parse_json(text.str());
    const JsonField f(j);
    SlurmJob job;
    job.dir = fs::absolute(dir).lexically_normal().string();
    if (job.dir.ends_with('/')) job.dir.pop_back();
    job.junqi = f["junqi"].text();
    job.workdir = f["workdir"].text();
    job.flags = strings_of(f["flags"]);
    job.sprt = f["sprt"].text();
    SlurmOptions& o = job.options;
    o.tasks = f["tasks"].integer();
    if (o.tasks < 1) f["tasks"].fail("expected at least 1");
    o.cpus_per_task = f["cpus_per_task"].integer();
    o.max_running = f["max_running"].integer();
    o.partition = f["partition"].text();
    o.time = f["time"].text();
    o.account = f["account"].text();
    o.sbatch_args = strings_of(f["sbatch_args"]);
    if (const auto c = f.find("concurrency")) job.concurrency = c->integer();
    for (const JsonField& s : f["submissions"].elements())
      job.submissions.push_back({s["array_job"].text(), s["merge_job"].text(), ints_of(s["tasks"])});
    return job;
  } catch (const Error& e) {
    throw Error(cat({path, ": ", e.what()}));
  }
}

std::vector<std::string> shard_task_command(const SlurmJob& job) {
  std::vector<std::string> argv = {job.junqi, "tournament"};
  argv.insert(argv.end(), job.flags.begin(), job.flags.end());
  for (const std::string& a : {std::string("--sprt"), std::string("none"), std::string("--shard"),
                               cat({"{task}/", std::to_string(job.options.tasks)}), std::string("--resume"),
                               cat({job.dir, "/shards/{task}.jsonl"}), std::string("--concurrency"),
                               job.concurrency ? std::to_string(*job.concurrency) : std::string("{cpus}")})
    argv.push_back(a);
  return argv;
}

std::vector<std::string> merge_command(const SlurmJob& job) { return {job.junqi, "slurm", "merge", job.dir}; }

std::string run_command(const std::vector<std::string>& argv) {
  // Standard error stays the terminal's: sbatch's own messages reach the user as they are.
  FILE* pipe = popen(shell_words(argv).c_str(), "r");
  if (!pipe) throw Error(cat({"cannot run ", argv.at(0)}));
  std::string out;
  std::array<char, 4096> buf;
  while (size_t n = fread(buf.data(), 1, buf.size(), pipe)) out.append(buf.data(), n);
  const int status = pclose(pipe);
  if (status != 0) {
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    throw Error(cat({shell_words(argv), ": ",
                     code == 127 ? std::string("command not found (is this a Slurm login node?)")
                                 : cat({"exit status ", std::to_string(code), " ", trimmed(out)})}));
  }
  return out;
}

SlurmSubmission submit_slurm_job(SlurmJob& job, const std::vector<int>& tasks, const CommandRunner& run) {
  fs::create_directories(job.dir + "/shards");
  fs::create_directories(log_dir(job));
  const std::string name = cat({"junqi-", fs::path(job.dir).filename().string()});
  write_file_atomically(shards_script_file(job),
                        array_script(job.options, name, job.workdir, log_dir(job), shard_task_command(job)));
  write_file_atomically(merge_script_file(job), merge_script(job.options, name + "-merge", job.workdir,
                                                             log_dir(job), merge_command(job)));
  SlurmSubmission s;
  s.tasks = tasks;
  s.array_job = parsable_job_id(
      run({"sbatch", "--parsable", cat({"--array=", array_spec(tasks, job.options.max_running)}),
           shards_script_file(job)}));
  job.submissions.push_back(s);
  save_slurm_job(job);  // the array is queued: recorded even if the merge job cannot be
  job.submissions.pop_back();
  s.merge_job = parsable_job_id(run({"sbatch", "--parsable", cat({"--dependency=afterok:", s.array_job}),
                                     "--kill-on-invalid-dep=yes", merge_script_file(job)}));
  job.submissions.push_back(s);
  save_slurm_job(job);
  return s;
}

}  // namespace junqi::runner
