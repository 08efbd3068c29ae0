#include "search/four_greedy_bot.h"

#include "engine/error.h"
#include "search/four_distance.h"

namespace junqi::search {

using engine::Error;
using engine::kNoPiece;
using engine::kNullMove;
using engine::kPieceTypes;
using engine::kUnknownType;
using engine::Move;
using engine::PieceType;
using engine::Rng;
using engine::Square;
using namespace junqi::engine::four;

FourMarginals four_marginals(const FourView& view, Rng& rng, int worlds) {
  FourMarginals m{};
  const Position& board = view.board();
  int drawn = 0;
  for (int i = 0; i < worlds; ++i) {
    Position world;
    try {
      world = view.sample(rng);
    } catch (const Error&) {
      break;  // no world found: fall back on what the view says of each piece below
    }
    ++drawn;
    for (Bitboard b = board.occupied(); b;) {
      const Square s = pop_lsb(b);
      m[s][engine::type_of(world.piece_on(s))] += 1;
    }
  }
  for (Bitboard b = board.occupied(); b;) {
    const Square s = pop_lsb(b);
    const PieceType known = engine::type_of(board.piece_on(s));
    if (drawn == 0 || known != kUnknownType) {  // known, or spread evenly where the sampler gave up
      m[s].fill(0);
      if (known != kUnknownType) m[s][known] = 1;
      else
        for (int t = 0; t < kPieceTypes; ++t) m[s][t] = t == engine::kFlag || t == engine::kMine ? 0 : 1.0 / (kPieceTypes - 2);
      continue;
    }
    for (double& p : m[s]) p /= drawn;
  }
  return m;
}

Move FourGreedyBot::choose_move(const FourView& view, const Limits&) {
  MoveList legal;
  view.legal_moves(legal);
  if (legal.size == 0) return kNullMove;
  const FourMarginals marginals = four_marginals(view, rng_, 32);
  const auto in_game = [&](Seat s) { return !view.out(s); };
  const Position& board = view.board();
  Move best = legal[0];
  double best_score = -1e18;
  for (const Move m : legal) {
    const PieceType mover = engine::type_of(board.piece_on(engine::from_sq(m)));
    double score = 0;
    if (board.piece_on(engine::to_sq(m)) != kNoPiece) {
      for (int t = 0; t < kPieceTypes; ++t)
        if (marginals[engine::to_sq(m)][t] > 0)
          score += marginals[engine::to_sq(m)][t] * attack_value(mover, PieceType(t), view.rules().mine, table_.aggression);
    } else {
      score = advance_weight(table_, mover) * links_gained(view.seat(), m, in_game);
    }
    score += 0.01 * double(rng_.below(100)) / 100.0;  // seeded tie-break among equals
    if (score > best_score) best_score = score, best = m;
  }
  return best;
}

}  // namespace junqi::search
