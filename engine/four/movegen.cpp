#include "engine/four/movegen.h"

#include <algorithm>

namespace junqi::engine::four {
namespace {

const Board::Tables& T = Board::kT;

// Straight runs: each path from s, at most rail_max squares of it, up to and including
// its first occupied square.
Bitboard straight_runs(Square s, const Bitboard& occupied, int rail_max) {
  Bitboard out;
  for (int i = 0; i < T.path_count[s]; ++i) {
    const Board::Path& path = T.paths[s][i];
    const int length = rail_max > 0 ? std::min(path.length, rail_max) : path.length;
    for (int k = 0; k < length; ++k) {
      const Square to = path.squares[k];
      out |= Bitboard::of(to);
      if (occupied.has(to)) break;
    }
  }
  return out;
}

// Turning runs (an Engineer's, or any piece's the rules let turn): every empty railway
// square reached from s through empty railway squares, plus each enemy piece one railway
// link from that set. With rail_max > 0 a path (attack step included) has at most rail_max
// links: after `links` rounds, reach holds every empty square at most `links` links away.
Bitboard turning_runs(Square s, const Bitboard& empty_rail, const Bitboard& enemy, int rail_max) {
  Bitboard reach = Bitboard::of(s), frontier = reach, attacks;
  const int limit = rail_max > 0 ? rail_max : Board::kSquares;
  for (int links = 0; frontier && links < limit; ++links) {
    Bitboard around;
    for (Bitboard f = frontier; f;) around |= T.rail_links[pop_lsb(f)];
    attacks |= around & enemy;
    frontier = around & empty_rail & ~reach;
    reach |= frontier;
  }
  return (reach ^ Bitboard::of(s)) | attacks;
}

}  // namespace

Bitboard movable_pieces(const Position& pos, Seat s) {
  Bitboard movable = pos.pieces(s) & ~pos.pieces(kFlag) & ~pos.pieces(kMine);
  if (!pos.rules().hq_exit) movable &= ~T.headquarters;
  return movable;
}

Bitboard destinations(const Position& pos, Square from) {
  const Piece piece = pos.piece_on(from);
  const Seat us = seat_of(piece);
  const PieceType type = type_of(piece);
  const Rules& rules = pos.rules();
  const Bitboard occupied = pos.occupied(), team = pos.team_pieces(us);
  Bitboard targets = T.links[from] & ~(occupied & T.camps);
  if (T.railway.has(from)) {
    if (rules.turns(type))
      targets |= turning_runs(from, T.railway & ~occupied, occupied & ~team, rules.rail_max);
    else
      targets |= straight_runs(from, occupied, rules.rail_max);
  }
  targets &= ~team;
  // marshal_takes_flag = false: no enemy Flag is a target of the Marshal's (it still
  // blocked the runs above like any piece).
  if (type == kMarshal && !rules.marshal_takes_flag) targets &= ~pos.pieces(kFlag);
  return targets;
}

void generate(const Position& pos, MoveList& list) {
  list.size = 0;
  for (Bitboard pieces = movable_pieces(pos, pos.side_to_move()); pieces;) {
    const Square from = pop_lsb(pieces);
    for (Bitboard targets = destinations(pos, from); targets;)
      list.moves[list.size++] = make_move(from, pop_lsb(targets));
  }
}

int count_moves(const Position& pos) {
  int n = 0;
  for (Bitboard pieces = movable_pieces(pos, pos.side_to_move()); pieces;)
    n += popcount(destinations(pos, pop_lsb(pieces)));
  return n;
}

// make() asks this after every move, so first the cheap sufficient test: a step to an empty
// linked square (a camp or not) is always legal. Only a seat without one needs its runs
// and attacks looked at.
bool has_move(const Position& pos, Seat s) {
  const Bitboard movable = movable_pieces(pos, s), empty = T.all & ~pos.occupied();
  for (Bitboard pieces = movable; pieces;)
    if (T.links[pop_lsb(pieces)] & empty) return true;
  for (Bitboard pieces = movable; pieces;)
    if (destinations(pos, pop_lsb(pieces))) return true;
  return false;
}

bool is_legal(const Position& pos, Move m) {
  const Square from = from_sq(m), to = to_sq(m);
  if (from >= Board::kSquares || to >= Board::kSquares) return false;
  if (!movable_pieces(pos, pos.side_to_move()).has(from)) return false;
  return destinations(pos, from).has(to);
}

}  // namespace junqi::engine::four
