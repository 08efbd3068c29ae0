// SPSA state files (runner/tune/spsa_tuner.h, JSON): `junqi tune spsa` resumes from the
// input as its state file, for the run of configs/tune/spsa_example.toml with pimc over
// 4 iterations of one pair. The interrupt is already set, so no game is played: only
// reading the state is exercised. Anything wrong must be an Error naming the file.

#include <atomic>
#include <sstream>

#include "engine/error.h"
#include "fuzz/fuzz_support.h"
#include "runner/tune/spsa_tuner.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const junqi::fuzz::TempFile state(junqi::fuzz::text_of(data, size), ".json");
  junqi::runner::SpsaTunerConfig config;
  config.bot = "pimc";
  config.params = JUNQI_SOURCE_DIR "/configs/tune/spsa_example.toml";
  config.iterations = 4;
  config.state = state.path();
  const std::atomic<bool> interrupt{true};
  std::ostringstream out;
  try {
    junqi::runner::run_spsa_tuner(config, out, &interrupt);
  } catch (const junqi::engine::Error&) {
  }
  return 0;
}
