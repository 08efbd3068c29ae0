#pragma once
// The one-ply choice the baselines share (greedy, heuristic): every attack scored by the
// combat table over what the target may be (the belief's marginals), every quiet move by
// the links it gains towards the enemy headquarters, the best played (seeded tie-break).

#include <array>

#include "engine/geometry.h"
#include "engine/random.h"
#include "engine/view.h"
#include "search/belief.h"
#include "search/marginals.h"

namespace junqi::search {

struct OnePlyTable {
  // Weight of a lost attacker against a won target: 1 weighs them alike, less attacks more.
  double aggression = 1;
  // Value of one link gained towards the enemy headquarters, by mover.
  double engineer_advance = 0.3, bomb_advance = 0.3, other_advance = 0.3;
};

// What an attack by `mover` on a piece of type `target` is worth by the combat rules: the
// target's value when it dies, the attacker's (times `aggression`) when it does. The
// flag's value dwarfs everything, so a likely flag is always attacked. The four-player
// greedy bot scores its attacks with it too.
double attack_value(engine::PieceType mover, engine::PieceType target, engine::MineRule mine, double aggression);
// The table's value of one link gained towards the enemy headquarters by this mover.
double advance_weight(const OnePlyTable& table, engine::PieceType mover);

// Links from every square of the 2-player board to the nearest headquarters of `side`
// (breadth-first over all links, ignoring pieces): how far a piece is from that side's
// flag candidates.
const std::array<int, engine::TwoPlayerBoard::kSquares>& distance_to_headquarters(engine::Color side);

// The one-ply best of `list` (not empty) in a world where every type is known, the rollouts'
// greedy move in both games: the attack worth the most by the combat table, else the
// advance worth the most, `links_gained(m)` links towards the enemy headquarters
// (random tie-break among equals).
template <class Pos, class List, class Links>
engine::Move greedy_world_move(const Pos& pos, const List& list, engine::Rng& rng, const Links& links_gained) {
  static const OnePlyTable kTable;
  engine::Move best = list[0];
  double best_score = -1e18;
  for (const engine::Move m : list) {
    const engine::PieceType mover = engine::type_of(pos.piece_on(engine::from_sq(m)));
    const engine::Piece target = pos.piece_on(engine::to_sq(m));
    double score = target != engine::kNoPiece
                       ? attack_value(mover, engine::type_of(target), pos.rules().mine, kTable.aggression)
                       : advance_weight(kTable, mover) * links_gained(m);
    score += 0.0001 * double(rng.below(100));  // tie-break among equals
    if (score > best_score) best_score = score, best = m;
  }
  return best;
}

// `legal` holds the view's legal moves (at least one).
engine::Move best_one_ply_move(const engine::View& view, const Belief& belief, const Marginals& marginals,
                               const engine::MoveList& legal, const OnePlyTable& table, engine::Rng& rng);

}  // namespace junqi::search
