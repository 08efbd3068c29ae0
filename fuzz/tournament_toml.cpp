// Tournament files (runner/tournament/tournament_config.h, TOML): load_tournament_config reads the
// input as a file and checks it; anything wrong must be an Error naming the file.
// Schedules are left out: a huge `pairs` is refused or generated lazily by a change of
// its own (issue 11).

#include "engine/error.h"
#include "fuzz/fuzz_support.h"
#include "runner/tournament/tournament_config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const junqi::fuzz::TempFile file(junqi::fuzz::text_of(data, size), ".toml");
  try {
    junqi::runner::load_tournament_config(file.path());
  } catch (const junqi::engine::Error&) {
  }
  return 0;
}
