#include "search/belief.h"

#include "engine/combat.h"
#include "engine/deployment.h"
#include "engine/movegen.h"

namespace junqi::search {

using namespace junqi::engine;
using Board = TwoPlayerBoard;

namespace {

// The types a piece can have at a deployment slot (RULES.md §3).
TypeMask deployable_at(int slot) {
  const int own_rank = slot / Board::kFiles + 1;
  TypeMask m = kAllTypes;
  if (!(Board::kT.headquarters & square_bb(deployment_square(kRed, slot)))) m &= TypeMask(~type_bit(kFlag));
  if (own_rank > 2) m &= TypeMask(~type_bit(kMine));
  if (own_rank == 6) m &= TypeMask(~type_bit(kBomb));
  return m;
}

// The enemy types t for which the fight, with our known piece, ends as observed.
TypeMask consistent_fights(PieceType ours, bool enemy_attacks, Outcome seen, MineRule mine) {
  TypeMask m = 0;
  for (int t = 0; t < kPieceTypes; ++t) {
    const Outcome o = enemy_attacks ? fight(PieceType(t), ours, mine) : fight(ours, PieceType(t), mine);
    if (o == seen) m |= type_bit(PieceType(t));
  }
  return m;
}

}  // namespace

Belief::Belief(const View& view) : enemy_(~view.side()) {
  at_.fill(-1);
  int id = 0;
  for (int slot = 0; slot < kDeploymentSlots; ++slot) {
    if (is_camp_slot(slot)) continue;
    const Square s = deployment_square(enemy_, slot);
    pieces_[id] = {s, s, deployable_at(slot), false};
    at_[s] = int8_t(id++);
  }
  // Replay the history on a fresh view, reading each move against the board before it.
  View replay(view.side(), view.own_deployment(), view.rules());
  for (const Token& t : view.history()) {
    if (t.kind == Token::Kind::kReveal) {
      if (color_of(t.piece) == enemy_ && at_[t.square] >= 0) pieces_[at_[t.square]].possible &= type_bit(type_of(t.piece));
    } else {
      observe_move(replay.board(), t);
    }
    replay.apply(t);
  }
}

void Belief::observe_move(const Position& before, const Token& t) {
  const Square from = from_sq(t.move), to = to_sq(t.move);
  const MineRule mine = before.rules().mine;
  const int mover = at_[from], target = at_[to];
  if (mover >= 0) {  // the enemy moved
    EnemyPiece& p = pieces_[mover];
    p.moved = true;
    p.possible &= TypeMask(~(type_bit(kMine) | type_bit(kFlag)));
    // Only an Engineer reaches a square that is neither a step nor a straight run away.
    const auto straight = Board::kT.links[from] |
                          movegen_detail::rail_runs<Board>(from, before.occupied(), before.rules().rail_max);
    if (!(straight & square_bb(to))) p.possible &= type_bit(kEngineer);
    if (t.outcome != Outcome::kQuiet)
      p.possible &= consistent_fights(type_of(before.piece_on(to)), true, t.outcome, mine);
  } else if (target >= 0 && t.outcome != Outcome::kQuiet) {  // we attacked
    pieces_[target].possible &= consistent_fights(type_of(before.piece_on(from)), false, t.outcome, mine);
  }
  // Move the identities: the attacker survives only when it wins or the square was empty.
  const bool attacker_lives = t.outcome == Outcome::kQuiet || t.outcome == Outcome::kAttackerWins;
  const bool defender_lives = t.outcome == Outcome::kDefenderWins;
  if (target >= 0 && !defender_lives) {
    pieces_[target].square = kNoSquare;
    at_[to] = -1;
  }
  if (mover >= 0) {
    at_[from] = -1;
    if (attacker_lives) {
      pieces_[mover].square = to;
      at_[to] = int8_t(mover);
    } else {
      pieces_[mover].square = kNoSquare;
    }
  }
}

}  // namespace junqi::search
