// Deployment strings (engine/deployment.h): parse_deployment must print back to itself,
// the rule check must hold for both sides' frames, and a legal deployment must make a
// start position. The input is also read as a deployment file (runner/ui/deployment_files.h)
// whose line is then checked, as --deployment and tournament books do.

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/game_end.h"
#include "fuzz/fuzz_support.h"
#include "runner/ui/deployment_files.h"

using namespace junqi::engine;
using junqi::fuzz::require;

namespace {

void as_file(std::string_view text) {
  try {
    parse_legal_deployment(junqi::runner::read_deployment_file(junqi::fuzz::TempFile(text, ".txt").path()).text);
  } catch (const Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = junqi::fuzz::text_of(data, size);
  as_file(text);
  Deployment d;
  try {
    d = parse_deployment(text);
  } catch (const Error&) {
    return 0;
  }
  require(deployment_string(d) == text, "deployment_string(parse_deployment(s)) == s", text);
  const auto red_error = deployment_error(d, kRed), blue_error = deployment_error(d, kBlue);
  require(red_error.has_value() == blue_error.has_value(), "legal for one side iff for the other", text);
  if (red_error) return 0;
  parse_legal_deployment(text, kBlue);
  game_status(start_position(d, d));
  return 0;
}
