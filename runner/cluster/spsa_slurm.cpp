#include "runner/cluster/spsa_slurm.h"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/error.h"
#include "runner/game/json_input.h"
#include "runner/game/text.h"

namespace junqi::runner {

namespace fs = std::filesystem;
using engine::Error;

std::string slice_result_file(const std::string& dir, int k, int slice) {
  return cat({dir, "/slices/", std::to_string(k), "-", std::to_string(slice), ".json"});
}

void write_slice_result(const std::string& dir, int k, int slice, double result) {
  const std::string path = slice_result_file(dir, k, slice);
  fs::create_directories(fs::path(path).parent_path());
  write_file_atomically(path, nlohmann::json{{"k", k}, {"slice", slice}, {"result", result}}.dump() + "\n");
}

double sum_slice_results(const std::string& dir, int k, int slices) {
  double sum = 0;
  for (int t = 1; t <= slices; ++t) {
    const std::string path = slice_result_file(dir, k, t);
    std::ifstream in(path);
    if (!in)
      throw Error(cat({"spsa: iteration ", std::to_string(k), ": no result from slice ", std::to_string(t),
                       " (", path, ")"}));
    std::ostringstream text;
    text << in.rdbuf();
    try {
      const nlohmann::json j = parse_json(text.str());
      const JsonField f(j);
      if (f["k"].integer() != k || f["slice"].integer() != t) f.fail("holds another iteration or slice");
      sum += f["result"].number();
    } catch (const Error& e) {
      throw Error(cat({path, ": ", e.what()}));
    }
  }
  return sum;
}

SpsaIterationPlayer srun_iteration_player(const std::string& dir, int tasks, int cpus,
                                          const std::vector<std::string>& slice_command,
                                          const CommandRunner& run) {
  return [=](const TournamentConfig&, int k) -> std::optional<double> {
    for (int t = 1; t <= tasks; ++t) fs::remove(slice_result_file(dir, k, t));  // an earlier attempt's
    std::vector<std::string> argv = {"srun", cat({"--ntasks=", std::to_string(tasks)}),
                                     cat({"--cpus-per-task=", std::to_string(cpus)}), "--kill-on-bad-exit=1"};
    argv.insert(argv.end(), slice_command.begin(), slice_command.end());
    argv.push_back(std::to_string(k));
    run(argv);
    return sum_slice_results(dir, k, tasks);
  };
}

}  // namespace junqi::runner
