#include "search/belief.h"

#include "engine/combat.h"
#include "engine/deployment.h"
#include "engine/movegen.h"

namespace junqi::search {

using namespace junqi::engine;
using Board = TwoPlayerBoard;

TypeMask deployable_at(int slot) {
  TypeMask m = 0;
  for (int t = 0; t < kPieceTypes; ++t)
    if (may_deploy(PieceType(t), slot)) m |= type_bit(PieceType(t));
  return m;
}

namespace {

// The types t of a hidden piece for which its fight with a known piece ends as seen.
TypeMask consistent_fights(PieceType known, bool hidden_attacks, Outcome seen, const Rules& rules) {
  TypeMask m = 0;
  for (int t = 0; t < kPieceTypes; ++t) {
    const PieceType attacker = hidden_attacks ? PieceType(t) : known,
                    defender = hidden_attacks ? known : PieceType(t);
    if (may_attack(attacker, defender, rules) && fight(attacker, defender, rules.mine) == seen)
      m |= type_bit(PieceType(t));
  }
  return m;
}

// The types that run turning paths on the railway under these rules (Rules::turns): the
// Engineer by default, the Bomb too under bomb_flies, everyone under all_turn.
TypeMask turning_types(const Rules& rules) {
  TypeMask m = 0;
  for (int t = 0; t < kPieceTypes; ++t)
    if (rules.turns(PieceType(t))) m |= type_bit(PieceType(t));
  return m;
}

}  // namespace

Belief::Belief(const View& view) : us_(view.side()) {
  for (int attacks = 0; attacks < 2; ++attacks)
    for (int known = 0; known < kPieceTypes; ++known)
      for (Outcome o : {Outcome::kAttackerWins, Outcome::kDefenderWins, Outcome::kBothDie})
        fight_masks_[attacks][known][int(o)] = consistent_fights(PieceType(known), attacks, o, view.rules());
  at_.fill(-1);
  for (Color c : {kRed, kBlue}) {
    int id = 0;
    for (int slot = 0; slot < kDeploymentSlots; ++slot) {
      if (is_camp_slot(slot)) continue;
      const Square s = deployment_square(c, slot);
      tracks_[c][id] = {s, s, deployable_at(slot), false};
      at_[s] = int8_t(id++);
      color_at_[s] = c;
    }
  }
  // Replay the history on a fresh view, reading each move against the board before it.
  View replay(view.side(), view.own_deployment(), view.rules());
  for (const Token& t : view.history()) {
    if (t.kind == Token::Kind::kReveal) {
      if (at_[t.square] >= 0 && color_at_[t.square] == color_of(t.piece))
        tracks_[color_of(t.piece)][at_[t.square]].possible &= type_bit(type_of(t.piece));
    } else {
      observe_move(replay.board(), t);
    }
    replay.apply(t);
  }
}

void Belief::observe_move(const Position& before, const Token& t) {
  const Square from = from_sq(t.move), to = to_sq(t.move);
  const Rules& rules = before.rules();
  const Color mover_side = before.side_to_move();
  const int mover = at_[from], target = before.piece_on(to) != kNoPiece ? at_[to] : -1;
  TrackedPiece& m = tracks_[mover_side][mover];
  m.moved = true;
  ++m.moves;
  if (t.outcome != Outcome::kQuiet) ++m.attacks;
  m.possible &= TypeMask(~(type_bit(kMine) | type_bit(kFlag)));
  // Only a piece that turns reaches a square that is neither a step nor a straight run away.
  const auto straight =
      Board::kT.links[from] | movegen_detail::rail_runs<Board>(from, before.occupied(), rules.rail_max);
  if (!(straight & square_bb(to))) m.possible &= turning_types(rules);

  if (t.outcome != Outcome::kQuiet) {
    if (mover_side == us_) {  // we attacked: the enemy defender is read with our type
      tracks_[~us_][target].possible &=
          consistent_fights(type_of(before.piece_on(from)), false, t.outcome, rules);
      own_fights_.push_back({int8_t(mover), int8_t(target), true, t.outcome});
    } else {
      m.possible &= consistent_fights(type_of(before.piece_on(to)), true, t.outcome, rules);
      own_fights_.push_back({int8_t(target), int8_t(mover), false, t.outcome});
    }
  }
  // Move the identities: the attacker survives only when it wins or the square was empty.
  const bool attacker_lives = t.outcome == Outcome::kQuiet || t.outcome == Outcome::kAttackerWins;
  const bool defender_lives = t.outcome == Outcome::kDefenderWins;
  if (target >= 0 && !defender_lives) {
    tracks_[~mover_side][target].square = kNoSquare;
    at_[to] = -1;
  }
  at_[from] = -1;
  if (attacker_lives) {
    m.square = to;
    at_[to] = int8_t(mover);
    color_at_[to] = mover_side;
  } else {
    m.square = kNoSquare;
  }
}

void Belief::enemy_view_of_us(const std::array<PieceType, kPieces>& enemy_types,
                              std::array<TypeMask, kPieces>& out) const {
  for (int id = 0; id < kPieces; ++id) out[id] = tracks_[us_][id].possible;
  for (const OwnFight& f : own_fights_) out[f.own] &= fight_masks_[f.we_attacked][enemy_types[f.enemy]][int(f.outcome)];
}

}  // namespace junqi::search
