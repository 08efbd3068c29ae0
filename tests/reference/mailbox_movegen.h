#pragma once
// A reference move generator for the 2-player board, written from RULES.md alone:
// a plain square -> piece array, neighbour lists built from (file, rank) coordinates,
// straight railway lines walked square by square and engineer runs found by BFS.
// It shares no board geometry, move generation or combat code with the engine, so the
// differential tests can hold the two against each other; it is also the baseline of
// the speed comparison in bench/.

#include <array>
#include <cstdint>
#include <vector>

#include "engine/position.h"
#include "engine/rules.h"
#include "engine/types.h"

namespace junqi::reference {

constexpr int kSquares = 60;

struct MailboxPosition {
  std::array<engine::Piece, kSquares> board;  // square index = (rank-1)*5 + file, as the engine
  engine::Color side;
  int quiet_plies, ply;
  engine::Rules rules;
};

MailboxPosition from_position(const engine::Position& pos);

// Legal moves of the side to move, each (from, to) once, in no particular order.
// Does not look at whether the game is over.
std::vector<engine::Move> generate_moves(const MailboxPosition& pos);

// Plays a legal move: combat (RULES.md §5), the counters and the side to move.
void make_move(MailboxPosition& pos, engine::Move m);

// A side has no flag, (immobile = at-once) a side has nothing left that may ever move,
// quiet_plies >= no_capture_draw, or ply >= max_plies.
bool game_over(const MailboxPosition& pos);

// Same convention as engine/perft.h: perft(0) = 1; 0 if game_over at depth >= 1;
// bulk counts generate_moves().size() at depth 1.
uint64_t perft(const MailboxPosition& pos, int depth, bool bulk);

// Link counts of the board as built here, so a test can check them against RULES.md §1
// (133 links, 35 of them railway).
struct LinkCounts {
  int all = 0, railway = 0;
};
LinkCounts link_counts();

}  // namespace junqi::reference
