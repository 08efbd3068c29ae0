#pragma once
// Editing a deployment at the prompt before the game: a preview of the own half drawn as
// the game will show it, and swapping two pieces by their squares, refused with the broken
// rule when the result is not a legal deployment.

#include <optional>
#include <string>

#include "engine/deployment.h"
#include "runner/ui/board_text.h"

namespace junqi::runner {

// The board with only `side`'s deployment on it, seen from `side` (own half at the bottom).
std::string draw_deployment(const engine::Deployment& d, engine::Color side, const BoardStyle& style);

// Swaps the pieces on the squares named `a` and `b` (board squares, e.g. "a1" and "b2";
// for Blue its own half is ranks 7 to 12). Returns the reason and leaves `d` as it was if a
// name is not a square of the own half, or the swap breaks a deployment rule.
std::optional<std::string> swap_pieces(engine::Deployment& d, engine::Color side, const std::string& a,
                                       const std::string& b);

}  // namespace junqi::runner
