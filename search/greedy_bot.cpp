#include "search/greedy_bot.h"

#include "engine/combat.h"
#include "eval/material.h"
#include "search/flip_action_values.h"
#include "search/headquarters_distance.h"
#include "search/marginals.h"

namespace junqi::search {

using namespace junqi::engine;
using eval::piece_value;

Move GreedyBot::choose_flip_action(const FlipView& view, const Limits&) {
  MoveList legal;
  if (const auto forced = forced_flip_action(view, legal)) return *forced;
  const std::vector<double> values = one_ply_values(view.sample(rng_), legal, view.player(), flip_weights_);
  Move best = legal[0];
  double best_score = -1;
  for (int i = 0; i < legal.size; ++i) {
    const double score = values[size_t(i)] + 1e-9 * double(rng_.below(1000));  // random tie-break, far below any real difference
    if (score > best_score) best_score = score, best = legal[i];
  }
  return best;
}

Move GreedyBot::choose_move(const View& view, const Limits&) {
  MoveList legal;
  const Belief belief(view);
  if (const auto forced = forced_move(view, belief, legal)) return *forced;
  const Marginals marginals = estimate_marginals(sampler_, rng_, 200);
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
      for (int t = 0; t < kPieceTypes; ++t) {
        const double p = marginals[target][t];
        if (p == 0) continue;
        switch (fight(mover, PieceType(t), mine)) {
          case Outcome::kAttackerWins: score += p * piece_value(PieceType(t)); break;
          case Outcome::kDefenderWins: score -= p * piece_value(mover); break;
          case Outcome::kBothDie: score += p * (piece_value(PieceType(t)) - piece_value(mover)); break;
          case Outcome::kQuiet: break;
        }
      }
    } else {
      score = 0.3 * (dist[from_sq(m)] - dist[to_sq(m)]);
    }
    score += 0.01 * double(rng_.below(100)) / 100.0;  // random tie-break
    if (score > best_score) best_score = score, best = m;
  }
  return best;
}

}  // namespace junqi::search
