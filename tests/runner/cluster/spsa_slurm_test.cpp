// SPSA over a cluster's tasks: iterations whose pairs are played in slices from the state
// file, the slices' results added up, give the very run a single machine gives; a slice
// refuses a state of another iteration; a missing slice result is named.
#include "runner/cluster/spsa_slurm.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/error.h"
#include "runner/game/text.h"
#include "runner/tune/spsa_tuner.h"
#include "tests/support/error_text.h"
#include "tests/support/text_file.h"

namespace {

using namespace junqi;
using namespace junqi::runner;
using testing_support::contains;
using testing_support::error_of;
using testing_support::read_file;
namespace fs = std::filesystem;

class SpsaSlices : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = (fs::path(testing::TempDir()) /
            cat({"spsa_slurm_", ::testing::UnitTest::GetInstance()->current_test_info()->name()}))
               .string();
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    std::ofstream(dir_ + "/params.toml")
        << "[[param]]\nname = \"mobility\"\nstart = 0.0\nmin = -0.1\nmax = 0.1\n"
           "c_end = 0.02\nr_end = 0.05\n[[param]]\nname = \"railway\"\nstart = 0.0\n"
           "min = -0.1\nmax = 0.1\nc_end = 0.02\nr_end = 0.05\n";
    config_.bot = "pimc";
    config_.params = dir_ + "/params.toml";
    config_.iterations = 2;
    config_.pairs = 3;
    config_.time_control.iterations = 4;  // the cheapest real search
    config_.rules.set_assignment("max_plies=120");
    config_.concurrency = 2;
  }
  SpsaTunerConfig with_state(const std::string& name) const {
    SpsaTunerConfig c = config_;
    c.state = dir_ + "/" + name + ".json";
    c.weights_out = dir_ + "/" + name + ".toml";
    return c;
  }
  std::string dir_;
  SpsaTunerConfig config_;
};

TEST_F(SpsaSlices, SlicedIterationsAreTheOneMachineRun) {
  std::ostringstream out;
  const SpsaTunerConfig whole = with_state("whole");
  ASSERT_TRUE(run_spsa_tuner(whole, out));

  // What the driver and its job steps do, with the tasks played here one after another.
  const SpsaTunerConfig sliced = with_state("sliced");
  std::vector<std::vector<std::string>> steps;
  auto fake_srun = [&](const std::vector<std::string>& argv) {
    steps.push_back(argv);
    const int k = std::stoi(argv.back());
    for (int t = 1; t <= 3; ++t) write_slice_result(dir_, k, t, play_spsa_slice(sliced, k, Shard{t, 3}));
    return std::string();
  };
  ASSERT_TRUE(
      run_spsa_tuner(sliced, out, nullptr, srun_iteration_player(dir_, 3, 2, {"junqi", "slice"}, fake_srun)));
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0], (std::vector<std::string>{"srun", "--ntasks=3", "--cpus-per-task=2",
                                                "--kill-on-bad-exit=1", "junqi", "slice", "1"}));
  EXPECT_EQ(read_file(sliced.state), read_file(whole.state));  // every iteration's W - L and theta
  EXPECT_EQ(read_file(sliced.weights_out), read_file(whole.weights_out));
}

TEST_F(SpsaSlices, ASliceNeedsTheStateOfTheIterationBefore) {
  const SpsaTunerConfig c = with_state("none");
  EXPECT_PRED2(contains, error_of([&] {
                 play_spsa_slice(c, 2, Shard{1, 2});
               }),
               c.state + ": holds 0 iterations, so iteration 2 cannot be played from it");
}

TEST_F(SpsaSlices, AMissingOrStrayResultIsNamed) {
  write_slice_result(dir_, 4, 1, 2.0);
  write_slice_result(dir_, 4, 2, -1.0);
  EXPECT_EQ(sum_slice_results(dir_, 4, 2), 1.0);
  EXPECT_PRED2(contains, error_of([&] { sum_slice_results(dir_, 4, 3); }),
               "iteration 4: no result from slice 3");
  fs::copy_file(slice_result_file(dir_, 4, 1), slice_result_file(dir_, 5, 1));
  write_slice_result(dir_, 5, 2, 0.0);
  EXPECT_PRED2(contains, error_of([&] { sum_slice_results(dir_, 5, 2); }),
               "holds another iteration or slice");
}

}  // namespace
