// Game records (runner/game/record.h, JSON lines): parse_record reads one line, and replay
// re-checks what it read, as `junqi replay`, `tournament --resume` and `merge` do.
// Anything wrong must be an Error naming the field or ply.

#include <string>

#include "engine/error.h"
#include "fuzz/fuzz_support.h"
#include "runner/game/record.h"
#include "runner/game/replay.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    const junqi::runner::GameRecord r = junqi::runner::parse_record(std::string(junqi::fuzz::text_of(data, size)));
    if (r.rules.kind == junqi::engine::GameKind::kFlip) junqi::runner::replay_flip(r);
    else junqi::runner::replay(r);
  } catch (const junqi::engine::Error&) {
  }
  return 0;
}
