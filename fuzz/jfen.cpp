// JFEN position strings (engine/notation.h): parse_jfen for the dark and open games,
// parse_flip_jfen for the flip game (engine/flip.h), and parse_jfen_fields for player
// views (X / x, and in flip games `?`). What parses must print back to a string that
// parses to the same thing, and a position must survive its game's move generator, its
// ends and two plies of make / unmake (perft).

#include "engine/error.h"
#include "engine/flip.h"
#include "engine/game_end.h"
#include "engine/notation.h"
#include "engine/perft.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace junqi::engine;
using junqi::fuzz::require;

template <class Pos, class Parse>
void full_information(std::string_view text, Parse parse) {
  Pos pos;
  try {
    pos = parse(text);
  } catch (const Error&) {
    return;
  }
  const std::string printed = to_jfen(pos);
  require(parse(printed) == pos, "parse(to_jfen(p)) == p", text);
  game_status(pos);
  const Pos before = pos;
  perft(pos, 2, false);
  require(pos == before, "perft leaves the position as it was", text);
}

void player_view(std::string_view text, bool flip) {
  JfenFields fields;
  try {
    fields = parse_jfen_fields(text, true, flip);
  } catch (const Error&) {
    return;
  }
  const std::string printed = to_jfen(fields);
  require(to_jfen(parse_jfen_fields(printed, true, flip)) == printed, "view JFEN round trip", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = junqi::fuzz::text_of(data, size);
  full_information<Position>(text, [](std::string_view t) { return parse_jfen(t); });
  full_information<FlipPosition>(text, [](std::string_view t) { return parse_flip_jfen(t, Rules{}); });
  player_view(text, false);
  player_view(text, true);
  return 0;
}
