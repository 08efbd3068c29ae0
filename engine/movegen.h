#pragma once
// Legal move generation (RULES.md §4 and the movement options of §9).
//
// For each movable piece the destinations are one bitboard, the union of
//   - road steps: every linked square, except own pieces and occupied camps;
//   - railway runs (piece on the railway): straight rays cut at the first blocker, or,
//     for a piece that turns (Rules::turns: an Engineer when `engineer_turns` is on, a
//     Bomb under `bomb_flies`, everyone under `all_turn`), a flood fill through empty
//     railway squares plus the enemy pieces adjacent to it;
// so a destination reached several ways is one move. Nothing here allocates.

#include <array>

#include "engine/bitboard.h"
#include "engine/move_list.h"
#include "engine/position.h"

namespace junqi::engine {

// More than any position can have, even when every piece turns (all_turn): a side with
// n pieces on the board moves at most min(n - 1, 21) of them (its Flag never moves), each
// to at most the 60 - n squares its own pieces leave free; the largest product is
// 21 * 38 = 798 at n = 22. In the flip game face-down pieces cost a square each and give at
// most one flip each, so the bound holds there too.
constexpr int kMaxMoves = 800;

using MoveList = FixedMoveList<kMaxMoves>;

namespace movegen_detail {

// Straight railway runs from s: each ray cut just after its first occupied square.
template <class Board>
typename Board::Bitboard rail_runs(Square s, typename Board::Bitboard occupied, int rail_max) {
  using Bitboard = typename Board::Bitboard;
  const auto& rays = Board::kT.rays[s];
  Bitboard result = 0;
  for (int d = 0; d < kDirections; ++d) {
    Bitboard ray = rays[d];
    if (rail_max > 0) {  // keep only the first rail_max squares of the ray
      Bitboard near = 0;
      for (int i = 0; i < rail_max && ray; ++i) {
        const Square next = (d == kEast || d == kNorth) ? lsb(ray) : msb(ray);
        near |= square_bb(next);
        ray ^= square_bb(next);
      }
      ray = near;
    }
    const Bitboard blockers = ray & occupied;
    if (blockers) {
      const Square b = (d == kEast || d == kNorth) ? lsb(blockers) : msb(blockers);
      ray &= ~Board::kT.rays[b][d];
    }
    result |= ray;
  }
  return result;
}

// Turning run from s (an Engineer's, or any piece's the rules let turn): every empty
// railway square connected to s through empty railway squares, plus each enemy piece one
// railway link from that set. With rail_max > 0 the path (attack step included) is at
// most rail_max links.
template <class Board>
typename Board::Bitboard turning_runs(Square s, typename Board::Bitboard empty_rail,
                                      typename Board::Bitboard enemy, int rail_max) {
  using Bitboard = typename Board::Bitboard;
  Bitboard reach = square_bb(s), frontier = reach, attacks = 0;
  const int limit = rail_max > 0 ? rail_max : Board::kSquares;
  // After `links` rounds, reach holds every empty square at most `links` links away.
  for (int links = 0; frontier && links < limit; ++links) {
    const Bitboard around = Board::rail_expand(frontier);
    attacks |= around & enemy;
    frontier = around & empty_rail & ~reach;
    reach |= frontier;
  }
  return (reach ^ square_bb(s)) | attacks;
}

}  // namespace movegen_detail

// Squares whose pieces side c may move, now or later: no flags, no mines, and nothing in
// a headquarters unless `hq_exit`. None left is the immobile side of `immobile = at-once`.
template <class Board>
typename Board::Bitboard movable_pieces(const BasicPosition<Board>& pos, Color c) {
  auto movable = pos.pieces(c) & ~pos.pieces(kFlag) & ~pos.pieces(kMine);
  if (!pos.rules().hq_exit) movable &= ~Board::kT.headquarters;
  return movable;
}

// Squares whose pieces the side to move may move.
template <class Board>
typename Board::Bitboard movable_pieces(const BasicPosition<Board>& pos) {
  return movable_pieces(pos, pos.side_to_move());
}

// Legal destinations of the piece on `from`, which must be one of movable_pieces(), when
// kStandard says whether rules.standard_movement() holds. The loops over pieces below
// choose kStandard once per position, so their inner loop is compiled with the house
// rules' tests folded away: every test in that loop costs, and under the default rules
// the generator runs the same code as before the options existed.
// `shielded`: enemy pieces that block like any piece but may not be attacked (in the
// flip game, face-down pieces and a Flag its Landmines protect); none in the other kinds,
// where the constant 0 folds away. Always inlined: the loops below are the hot path of
// search and perft, and with two instantiations GCC would otherwise call one of them.
template <bool kStandard, class Board>
[[gnu::always_inline]] inline typename Board::Bitboard destinations_under(const BasicPosition<Board>& pos, Square from,
                                            typename Board::Bitboard shielded = 0) {
  using namespace movegen_detail;
  const auto& T = Board::kT;
  const Color us = pos.side_to_move();
  const auto own = pos.pieces(us), occupied = pos.occupied();
  const Rules& rules = pos.rules();
  auto targets = T.links[from] & ~(occupied & T.camps);
  if (T.railway & square_bb(from)) {
    const PieceType type = type_of(pos.piece_on(from));
    const bool turns = kStandard ? Rules::turns(type, rules.engineer_turns, false, false) : rules.turns(type);
    if (turns)
      targets |= turning_runs<Board>(from, T.railway & ~occupied, pos.pieces(~us) & ~shielded, rules.rail_max);
    else
      targets |= rail_runs<Board>(from, occupied, rules.rail_max);
  }
  targets &= ~(own | shielded);
  // marshal_takes_flag = false: the enemy Flag is no target of the Marshal's. It blocked the
  // runs above like any piece, so only the target goes. (A player's view of a dark game
  // does not know which piece is the Flag: View::legal_moves leaves out the Marshal's
  // attacks on every piece that may be.)
  if (!kStandard && !rules.marshal_takes_flag && type_of(pos.piece_on(from)) == kMarshal)
    targets &= ~pos.pieces(~us, kFlag);
  return targets;
}

// The same for one piece, whatever the rules.
template <class Board>
typename Board::Bitboard destinations(const BasicPosition<Board>& pos, Square from,
                                      typename Board::Bitboard shielded = 0) {
  return pos.rules().standard_movement() ? destinations_under<true>(pos, from, shielded)
                                         : destinations_under<false>(pos, from, shielded);
}

namespace movegen_detail {

// The move loop and the counting loop over `pieces` (movable ones of the side to move)
// for one choice of kStandard (see destinations_under); `shielded` as there. Plain
// functions, not lambdas, so `out` and the count stay in registers; inlined into their
// callers so that the base game's constant `shielded = 0` folds away.
template <bool kStandard, class Board>
[[gnu::always_inline]] inline Move* generate_under(const BasicPosition<Board>& pos,
                                                   typename Board::Bitboard pieces,
                                                   typename Board::Bitboard shielded, Move* out) {
  while (pieces) {
    const Square from = pop_lsb(pieces);
    for (auto targets = destinations_under<kStandard>(pos, from, shielded); targets;)
      *out++ = make_move(from, pop_lsb(targets));
  }
  return out;
}

template <bool kStandard, class Board>
[[gnu::always_inline]] inline int count_moves_under(const BasicPosition<Board>& pos,
                                                    typename Board::Bitboard pieces,
                                                    typename Board::Bitboard shielded) {
  int n = 0;
  while (pieces) n += popcount(destinations_under<kStandard>(pos, pop_lsb(pieces), shielded));
  return n;
}

}  // namespace movegen_detail

// Writes the legal moves of the side to move to `out`; returns the end of the list.
// A finished game (flag taken, draw counters) is not checked here: see game_end.h.
template <class Board>
Move* generate(const BasicPosition<Board>& pos, Move* out) {
  using namespace movegen_detail;
  const auto pieces = movable_pieces(pos);
  return pos.rules().standard_movement() ? generate_under<true>(pos, pieces, 0, out)
                                         : generate_under<false>(pos, pieces, 0, out);
}

template <class Board>
void generate(const BasicPosition<Board>& pos, MoveList& list) {
  list.size = int(generate(pos, list.moves.data()) - list.moves.data());
}

// The number of legal moves, without writing them (bulk counting for perft).
template <class Board>
int count_moves(const BasicPosition<Board>& pos) {
  using namespace movegen_detail;
  const auto pieces = movable_pieces(pos);
  return pos.rules().standard_movement() ? count_moves_under<true>(pos, pieces, 0)
                                         : count_moves_under<false>(pos, pieces, 0);
}

template <class Board>
bool is_legal(const BasicPosition<Board>& pos, Move m) {
  const Square from = from_sq(m), to = to_sq(m);
  if (from >= Board::kSquares || to >= Board::kSquares) return false;
  if (!(movable_pieces(pos) & square_bb(from))) return false;
  return (destinations(pos, from) & square_bb(to)) != 0;
}

}  // namespace junqi::engine
