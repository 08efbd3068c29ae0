// J4FEN four-player position strings (engine/four/notation.h). What parses must print
// back to a string that parses to the same position, and the position must survive its
// ends and two plies of make / unmake (perft).

#include "engine/error.h"
#include "engine/four/movegen.h"
#include "engine/four/notation.h"
#include "engine/perft.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace junqi::engine;
  using junqi::fuzz::require;
  const std::string_view text = junqi::fuzz::text_of(data, size);
  four::Position pos;
  try {
    pos = four::parse_j4fen(text);
  } catch (const Error&) {
    return 0;
  }
  require(four::parse_j4fen(four::to_j4fen(pos)) == pos, "parse(to_j4fen(p)) == p", text);
  four::game_status(pos);
  const four::Position before = pos;
  perft(pos, 2, false);
  require(pos == before && pos.hash() == before.hash(), "perft leaves the position as it was", text);
  return 0;
}
