// The bot side of the contest protocol (runner/protocols/contest_engine.h): the input is what a
// contest referee sends to `junqi contest`, line by line. Whatever the messages, the
// engine must answer or report them (exit status 1) without throwing. The bot is
// `random`: a searching bot would spend its time sampling worlds, not reading lines.

#include <sstream>
#include <string>

#include "engine/rules.h"
#include "fuzz/fuzz_support.h"
#include "runner/protocols/contest_engine.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in{std::string(junqi::fuzz::text_of(data, size))};
  std::ostringstream out, err;
  junqi::search::BotConfig config;
  config.name = config.kind = "random";
  junqi::runner::ContestEngine(config, junqi::engine::Rules{}, 1, in, out, err).run();
  return 0;
}
