#pragma once
// A fixed-capacity move list: move generation never allocates. Each board sets its own
// capacity (engine/movegen.h for the 60-square board, engine/four/move_list.h for 四国).

#include <array>

#include "engine/types.h"

namespace junqi::engine {

template <int Capacity>
struct FixedMoveList {
  std::array<Move, Capacity> moves;
  int size = 0;
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
  Move operator[](int i) const { return moves[i]; }
};

}  // namespace junqi::engine
