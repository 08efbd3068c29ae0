// Flip-game JFEN (engine/notation.h, engine/flip.h): parse_flip_jfen and the flip form of
// parse_jfen_fields (face-down `*X` and `?`, sides `1` / `2`). What parses must print
// back to a string that parses to the same thing, and the position must survive the
// flip game's move generator, its ends and two plies of make / unmake.

#include "engine/error.h"
#include "engine/flip.h"
#include "engine/notation.h"
#include "engine/perft.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace junqi::engine;
using junqi::fuzz::require;

void full_information(std::string_view text) {
  FlipPosition pos;
  try {
    pos = parse_flip_jfen(text, Rules{});
  } catch (const Error&) {
    return;
  }
  const std::string printed = to_jfen(pos);
  require(parse_flip_jfen(printed, Rules{}) == pos, "parse_flip_jfen(to_jfen(p)) == p", text);
  game_status(pos);
  const FlipPosition before = pos;
  perft(pos, 2, false);
  require(pos == before, "perft leaves the position as it was", text);
}

void player_view(std::string_view text) {
  JfenFields fields;
  try {
    fields = parse_jfen_fields(text, true, true);
  } catch (const Error&) {
    return;
  }
  const std::string printed = to_jfen(fields);
  require(to_jfen(parse_jfen_fields(printed, true, true)) == printed, "flip view JFEN round trip", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = junqi::fuzz::text_of(data, size);
  full_information(text);
  player_view(text);
  return 0;
}
