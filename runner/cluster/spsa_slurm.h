#pragma once
// `junqi tune spsa` on a Slurm cluster. SPSA is sequential (iteration k starts from the θ
// that k − 1 left), so the run is one job of T tasks held together: its driver, on the
// first node, runs the usual tuner, and plays each iteration's game pairs as one job
// step (srun) over the T tasks, slice t of the pairs on task t. A task reads θ from the
// state file, plays its slice and writes its W − L to DIR/slices/K-T.json; the driver adds
// them up and updates the state file, still the single point of truth: the slices are
// shards of the very schedule a one-machine run plays, so the run is the same, and a job
// that dies resumes at the first unfinished iteration when submitted again.

#include <string>
#include <vector>

#include "runner/cluster/slurm_job.h"
#include "runner/tune/spsa_tuner.h"

namespace junqi::runner {

std::string slice_result_file(const std::string& dir, int k, int slice);  // DIR/slices/K-T.json
void write_slice_result(const std::string& dir, int k, int slice, double result);
// The sum of iteration k's `slices` results; throws engine::Error naming a missing or
// damaged one.
double sum_slice_results(const std::string& dir, int k, int slices);

// The driver's iteration player: clears iteration k's slice results, runs
// `srun --ntasks=T --cpus-per-task=C <slice_command> K` through `run` and adds up what the
// tasks wrote.
SpsaIterationPlayer srun_iteration_player(const std::string& dir, int tasks, int cpus,
                                          const std::vector<std::string>& slice_command,
                                          const CommandRunner& run);

}  // namespace junqi::runner
