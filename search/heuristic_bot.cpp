#include "search/heuristic_bot.h"

#include "engine/combat.h"
#include "eval/material.h"
#include "search/headquarters_distance.h"
#include "search/marginals.h"

namespace junqi::search {

using namespace junqi::engine;
using eval::piece_value;

namespace {

// What an attack by `mover` on a piece of type `target` is worth, by the combat rules:
// the target's value when it dies, the attacker's (times `aggression`) when it does. The
// flag's value dwarfs everything, so a likely flag is always attacked.
double attack_value(PieceType mover, PieceType target, MineRule mine, double aggression) {
  switch (fight(mover, target, mine)) {
    case Outcome::kAttackerWins: return piece_value(target);
    case Outcome::kDefenderWins: return -aggression * piece_value(mover);
    case Outcome::kBothDie: return piece_value(target) - aggression * piece_value(mover);
    case Outcome::kQuiet: break;
  }
  return 0;
}

// Links gained towards the enemy headquarters are worth this much by mover: Engineers
// run for the landmines round the flag, officers follow.
double advance_weight(PieceType mover) {
  if (mover == kEngineer) return 0.4;
  return mover == kBomb ? 0.15 : 0.3;
}

}  // namespace

Move HeuristicBot::choose_move(const View& view, const Limits&) {
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
      for (int t = 0; t < kPieceTypes; ++t)
        if (marginals[target][t] > 0)
          score += marginals[target][t] * attack_value(mover, PieceType(t), mine, params_.aggression);
    } else {
      score = advance_weight(mover) * (dist[from_sq(m)] - dist[to_sq(m)]);
    }
    score += 0.01 * double(rng_.below(100)) / 100.0;  // seeded tie-break among equals
    if (score > best_score) best_score = score, best = m;
  }
  return best;
}

}  // namespace junqi::search
