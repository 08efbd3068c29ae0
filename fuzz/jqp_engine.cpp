// The bot side of JQP (runner/protocols/jqp_engine.h): the input is what a runner sends to
// `junqi jqp`, line by line. The engine must answer or report every line without
// throwing, whatever the commands, positions and go fields. The bot is `random`: a
// searching bot would spend its time sampling worlds, not reading lines.

#include <sstream>
#include <string>

#include "fuzz/fuzz_support.h"
#include "runner/protocols/jqp_engine.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // A fixed seed first, so that the same input replays the same games.
  std::istringstream in("setoption name seed value 1\n" + std::string(junqi::fuzz::text_of(data, size)));
  std::ostringstream out, err;
  junqi::search::BotConfig config;
  config.name = config.kind = "random";
  junqi::runner::JqpEngine(config, in, out, err).run();
  return 0;
}
