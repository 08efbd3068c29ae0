// Game text (runner/game/game_text.h): parse_game_text reads games written as tags and
// numbered moves, and replay re-checks each, as `junqi replay` does. Anything wrong must
// be an Error naming the line; what parses writes back to text that parses the same.

#include <string>

#include "engine/error.h"
#include "fuzz/fuzz_support.h"
#include "runner/game/game_text.h"
#include "runner/game/replay.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace junqi::runner;
  std::vector<GameRecord> games;
  try {
    games = parse_game_text(std::string(junqi::fuzz::text_of(data, size)), "fuzz");
  } catch (const junqi::engine::Error&) {
    return 0;
  }
  std::string text;
  for (const GameRecord& g : games) text += to_game_text(g);
  std::string again;
  for (const GameRecord& g : parse_game_text(text, "written")) again += to_game_text(g);
  junqi::fuzz::require(again == text, "written game text reads back to itself", text);
  for (const GameRecord& g : games) {
    try {
      if (g.rules.kind == junqi::engine::GameKind::kFlip) replay_flip(g);
      else replay(g);
    } catch (const junqi::engine::Error&) {
    }
  }
  return 0;
}
