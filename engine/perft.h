#pragma once
// perft: the number of move sequences of a given length, the standard regression gate
// of a move generator. Chess convention: perft(0) = 1, and a finished game (flag taken,
// draw counter reached, no legal move) has perft 0 at depth >= 1. One template serves
// every game kind whose position offers status_without_movegen, count_moves, generate,
// make and unmake (Position; FlipPosition, where a flip is one action among the moves;
// four::Position, which names its own longer move list).

#include <cstdint>
#include <type_traits>
#include <vector>

#include "engine/flip.h"
#include "engine/game_end.h"
#include "engine/movegen.h"
#include "engine/position.h"

namespace junqi::engine {

// The move list of a position type: MoveList, unless the type names its own.
template <class Pos, class = void>
struct MoveListOf {
  using type = MoveList;
};
template <class Pos>
struct MoveListOf<Pos, std::void_t<typename Pos::MoveList>> {
  using type = typename Pos::MoveList;
};

// bulk = true counts the moves at depth 1 without making them.
template <class Pos>
uint64_t perft(Pos& pos, int depth, bool bulk = true) {
  if (depth == 0) return 1;
  if (status_without_movegen(pos).over()) return 0;
  if (depth == 1 && bulk) return uint64_t(count_moves(pos));
  typename MoveListOf<Pos>::type list;
  generate(pos, list);
  uint64_t nodes = 0;
  typename Pos::Undo undo;
  for (Move m : list) {
    pos.make(m, undo);
    nodes += perft(pos, depth - 1, bulk);
    pos.unmake(undo);
  }
  return nodes;
}

struct DivideEntry {
  Move move;
  uint64_t nodes;
};

// perft split by root move, in generation order.
template <class Pos>
std::vector<DivideEntry> perft_divide(Pos& pos, int depth, bool bulk = true) {
  std::vector<DivideEntry> out;
  if (depth < 1 || status_without_movegen(pos).over()) return out;
  typename MoveListOf<Pos>::type list;
  generate(pos, list);
  typename Pos::Undo undo;
  for (Move m : list) {
    pos.make(m, undo);
    out.push_back({m, perft(pos, depth - 1, bulk)});
    pos.unmake(undo);
  }
  return out;
}

}  // namespace junqi::engine
