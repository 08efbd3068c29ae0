#pragma once
// A fixed-capacity move list for the four-player board (no allocation in move generation).

#include "engine/move_list.h"

namespace junqi::engine::four {

// More than any position can have, even when every piece turns (all_turn): a seat with n
// pieces moves at most min(n - 1, 21) of them (its Flag never moves, and with all three
// Landmines on the board 21 pieces are left), each to at most the 129 - n squares its own
// pieces leave free; the largest product is 21 * 107 = 2247 at n = 22.
constexpr int kMaxMoves = 2248;

using MoveList = FixedMoveList<kMaxMoves>;

}  // namespace junqi::engine::four
