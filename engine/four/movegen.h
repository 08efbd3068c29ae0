#pragma once
// Legal move generation on the four-player board (RULES.md §4 and §8, the movement options
// of §9). A piece's destinations are one bitboard, the union of
//   - road steps: every linked square, except occupied camps;
//   - railway runs (piece on the railway): every straight path from its square (board.h),
//     cut just after the first occupied square; or, for a piece that turns (Rules::turns),
//     a flood fill through empty railway squares plus the enemy pieces next to it;
// less the squares of its own and its partner's pieces: partners are neither attacked
// nor passed through (they block runs like any piece). A destination reached several
// ways is one move. Nothing here allocates.

#include "engine/four/move_list.h"
#include "engine/four/position.h"

namespace junqi::engine::four {

// Squares whose pieces seat s may move, now or later: no Flags, no Landmines, nothing in
// a headquarters unless `hq_exit`.
Bitboard movable_pieces(const Position& pos, Seat s);

// Legal destinations of the piece on `from` (one of movable_pieces() of its seat).
Bitboard destinations(const Position& pos, Square from);

// The legal moves of the seat to move, by ascending from-square, then to-square. A finished
// game is not checked here: see status_without_movegen.
void generate(const Position& pos, MoveList& list);
int count_moves(const Position& pos);
// Whether seat s would have a legal move if it were its turn.
bool has_move(const Position& pos, Seat s);
bool is_legal(const Position& pos, Move m);

}  // namespace junqi::engine::four
