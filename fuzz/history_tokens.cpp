// Moves and history tokens (engine/notation.h, engine/view.h): parse_move and
// parse_token must print back to what they read, and a View must take any sequence of
// parsed tokens, applying each or refusing it with an Error, as a JQP bot does with a
// `position` line. The input's words, as in that line: the view's side (`blue`, else
// Red), its own deployment (the sample one if that word is no legal one), the tokens.

#include <sstream>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/notation.h"
#include "engine/view.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace junqi::engine;
using junqi::fuzz::require;

void round_trips(const std::string& word) {
  try {
    require(move_string(parse_move(word)) == word, "move_string(parse_move(s)) == s", word);
  } catch (const Error&) {
  }
  try {
    require(token_string(parse_token(word)) == word, "token_string(parse_token(s)) == s", word);
  } catch (const Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream words{std::string(junqi::fuzz::text_of(data, size))};
  std::string side, deployment;
  words >> side >> deployment;
  const Color color = side == "blue" ? kBlue : kRed;
  View view = [&] {
    try {
      return View(color, parse_deployment(deployment), Rules{});
    } catch (const Error&) {  // no legal deployment: the sample one
      return View(color, parse_deployment(kSampleDeployment), Rules{});
    }
  }();
  bool following = true;
  for (std::string word; words >> word;) {
    round_trips(word);
    if (!following) continue;
    try {
      view.apply(parse_token(word));
    } catch (const Error&) {
      following = false;  // a view that refused a token is not used again, as in the JQP engine
    }
  }
  return 0;
}
