#pragma once
// Games as text people read and share, in the manner of chess's PGN: a block of tag lines
// `[Name "value"]` (players, result, rules, deployments or the flip layout), then the
// numbered moves from the referee's full view, a fight carrying its two pieces in
// parentheses (`e6xe7<(Dc)`: Red's Division commander attacked Blue's Company commander
// and died), a flip its piece (`b7^t`), and the result. A four-player game has tags by seat
// and team and its eliminations, four-player moves (`Sa6xCa1<(DE)`: piece types), and a
// move number every four plies. `junqi replay --text` writes it;
// `junqi replay` reads it back as it reads JSON records.
//
//   [Id "1"]
//   [Kind "dark"]
//   [Red "ismcts"]
//   ...
//
//   1. e6xe7<(Dc) e8-d8  2. d6-c6 c10-c9
//   1-0

#include <string>
#include <vector>

#include "runner/game/record.h"

namespace junqi::runner {

std::string to_game_text(const GameRecord& record);

// Every game of a text (games follow one another, each from its tags to its result).
// Throws engine::Error naming `source`, the line and what is wrong.
std::vector<GameRecord> parse_game_text(const std::string& text, const std::string& source);

// Whether a file's content is game text rather than JSON lines (it starts with a tag).
bool looks_like_game_text(const std::string& text);

}  // namespace junqi::runner
