#include "search/one_ply_choice.h"

#include <array>

#include "engine/bitboard.h"
#include "engine/combat.h"
#include "engine/geometry.h"
#include "eval/material.h"

namespace junqi::search {

using namespace junqi::engine;
using eval::piece_value;

using Board = TwoPlayerBoard;
using HeadquartersDistance = std::array<int, Board::kSquares>;

const HeadquartersDistance& distance_to_headquarters(Color side) {
  static const std::array<HeadquartersDistance, kColors> kDistance = [] {
    std::array<HeadquartersDistance, kColors> all;
    for (const Color c : {kRed, kBlue}) {
      HeadquartersDistance& dist = all[c];
      dist.fill(-1);
      Bitboard64 frontier = Board::kT.headquarters & Board::kT.half[c], seen = frontier;
      for (int d = 0; frontier; ++d) {
        Bitboard64 next = 0;
        for (Bitboard64 b = frontier; b;) {
          const Square s = pop_lsb(b);
          dist[s] = d;
          next |= Board::kT.links[s];
        }
        frontier = next & ~seen;
        seen |= frontier;
      }
    }
    return all;
  }();
  return kDistance[side];
}

double attack_value(PieceType mover, PieceType target, MineRule mine, double aggression) {
  switch (fight(mover, target, mine)) {
    case Outcome::kAttackerWins: return piece_value(target);
    case Outcome::kDefenderWins: return -aggression * piece_value(mover);
    case Outcome::kBothDie: return piece_value(target) - aggression * piece_value(mover);
    case Outcome::kQuiet: break;
  }
  return 0;
}

double advance_weight(const OnePlyTable& table, PieceType mover) {
  if (mover == kEngineer) return table.engineer_advance;
  return mover == kBomb ? table.bomb_advance : table.other_advance;
}

Move best_one_ply_move(const View& view, const Belief& belief, const Marginals& marginals, const MoveList& legal,
                       const OnePlyTable& table, Rng& rng) {
  const HeadquartersDistance& dist = distance_to_headquarters(belief.enemy());
  const Position& board = view.board();
  const MineRule mine = view.rules().mine;
  Move best = legal[0];
  double best_score = -1e18;
  for (Move m : legal) {
    const PieceType mover = type_of(board.piece_on(from_sq(m)));
    const int target = belief.piece_at(to_sq(m));
    double score = 0;
    if (target >= 0) {
      for (int t = 0; t < kPieceTypes; ++t)
        if (marginals[target][t] > 0)
          score += marginals[target][t] * attack_value(mover, PieceType(t), mine, table.aggression);
    } else {
      score = advance_weight(table, mover) * (dist[from_sq(m)] - dist[to_sq(m)]);
    }
    score += 0.01 * double(rng.below(100)) / 100.0;  // seeded tie-break among equals
    if (score > best_score) best_score = score, best = m;
  }
  return best;
}

}  // namespace junqi::search
