// Rules files (engine/rules_file.cpp, TOML): load_rules_file reads the input as a file.
// What loads must write back (as RULES.md §9's keys) to a file that loads the same.

#include <string>

#include "engine/error.h"
#include "engine/rules.h"
#include "fuzz/fuzz_support.h"

using namespace junqi::engine;
using junqi::fuzz::require;
using junqi::fuzz::TempFile;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = junqi::fuzz::text_of(data, size);
  Rules rules;
  try {
    rules = load_rules_file(TempFile(text, ".toml").path());
  } catch (const Error&) {
    return 0;
  }
  std::string written;
  for (const auto& [key, value] : rules.entries())
    written += key + " = " + (option_type(key) == OptionType::kChoice ? "\"" + value + "\"" : value) + "\n";
  require(load_rules_file(TempFile(written, ".toml").path()) == rules, "rules written back load the same", text);
  return 0;
}
