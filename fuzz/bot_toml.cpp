// Bot config files (search/bot_config.h, TOML): load_bot_config reads the input as a
// file, and make_bot must build the bot or refuse the config with an Error.

#include "engine/error.h"
#include "fuzz/fuzz_support.h"
#include "search/bot_config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const junqi::fuzz::TempFile file(junqi::fuzz::text_of(data, size), ".toml");
  try {
    junqi::search::make_bot(junqi::search::load_bot_config(file.path()));
  } catch (const junqi::engine::Error&) {
  }
  return 0;
}
