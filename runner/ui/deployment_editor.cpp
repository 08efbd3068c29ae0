#include "runner/ui/deployment_editor.h"

#include "engine/notation.h"
#include "runner/game/text.h"

namespace junqi::runner {
namespace {

using namespace engine;

// The slot of a named square of `side`'s half, or nullopt.
std::optional<int> slot_of(Color side, const std::string& name) {
  const std::optional<Square> s = parse_square(name);
  if (!s) return std::nullopt;
  for (int slot = 0; slot < kDeploymentSlots; ++slot)
    if (deployment_square(side, slot) == *s) return slot;
  return std::nullopt;
}

}  // namespace

std::string draw_deployment(const Deployment& d, Color side, const BoardStyle& style) {
  JfenFields f;
  f.board.fill(kNoPiece);
  for (int slot = 0; slot < kDeploymentSlots; ++slot)
    if (d[slot] != kNoType) f.board[deployment_square(side, slot)] = make_piece(side, d[slot]);
  return draw_whole_board(f, side, style);
}

std::optional<std::string> swap_pieces(Deployment& d, Color side, const std::string& a, const std::string& b) {
  const std::optional<int> from = slot_of(side, a), to = slot_of(side, b);
  const std::string half = side == kRed ? "ranks 1 to 6" : "ranks 7 to 12";
  if (!from) return cat({"'", a, "' is not a square of your half (", half, ")"});
  if (!to) return cat({"'", b, "' is not a square of your half (", half, ")"});
  if (is_camp_slot(*from) || is_camp_slot(*to)) return std::string("camps stay empty at the start: swap two pieces");
  Deployment swapped = d;
  std::swap(swapped[*from], swapped[*to]);
  if (auto error = deployment_error(swapped, side)) return error;
  d = swapped;
  return std::nullopt;
}

}  // namespace junqi::runner
