// JFEN position strings of the dark and open game (engine/notation.h): parse_jfen, and
// parse_jfen_fields for player views with X / x. What parses must print back to a
// string that parses to the same thing, and the position must survive the move
// generator, the game-end rules and two plies of make / unmake (perft).

#include "engine/error.h"
#include "engine/game_end.h"
#include "engine/notation.h"
#include "engine/perft.h"
#include "fuzz/fuzz_support.h"

namespace {

using namespace junqi::engine;
using junqi::fuzz::require;

void full_information(std::string_view text) {
  Position pos;
  try {
    pos = parse_jfen(text);
  } catch (const Error&) {
    return;
  }
  const std::string printed = to_jfen(pos);
  require(parse_jfen(printed) == pos, "parse_jfen(to_jfen(p)) == p", text);
  require(to_jfen(parse_jfen(printed)) == printed, "to_jfen is a fixed point", text);
  game_status(pos);
  const Position before = pos;
  perft(pos, 2, false);
  require(pos == before, "perft leaves the position as it was", text);
}

void player_view(std::string_view text) {
  JfenFields fields;
  try {
    fields = parse_jfen_fields(text, true);
  } catch (const Error&) {
    return;
  }
  const std::string printed = to_jfen(fields);
  require(to_jfen(parse_jfen_fields(printed, true)) == printed, "view JFEN round trip", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = junqi::fuzz::text_of(data, size);
  full_information(text);
  player_view(text);
  return 0;
}
