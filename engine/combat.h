#pragma once
// Who survives a fight (RULES.md §5 and the mine option of §9). A Marshal never meets a
// Flag under marshal_takes_flag = false: move generation does not offer that attack.

#include "engine/rules.h"
#include "engine/types.h"

namespace junqi::engine {

constexpr Outcome fight(PieceType attacker, PieceType defender, MineRule mine) {
  if (defender == kFlag) return attacker == kBomb ? Outcome::kBothDie : Outcome::kAttackerWins;
  if (attacker == kBomb || defender == kBomb) return Outcome::kBothDie;
  if (defender == kMine) {
    // all-die (炸弹雷): the mine explodes like a Bomb, so not even an Engineer clears it.
    if (mine == MineRule::kAllDie) return Outcome::kBothDie;
    if (attacker == kEngineer) return Outcome::kAttackerWins;
    return mine == MineRule::kBothDie ? Outcome::kBothDie : Outcome::kDefenderWins;
  }
  // Officers and engineers: the enum lists them from the highest rank down.
  if (attacker == defender) return Outcome::kBothDie;
  return attacker < defender ? Outcome::kAttackerWins : Outcome::kDefenderWins;
}

// Whether the rules let a piece of type `attacker` attack one of type `defender` at all:
// under marshal_takes_flag = false the Marshal never attacks the Flag, so a Flag taken was
// not taken by the Marshal (and a Marshal's won fight was not against the Flag). Views
// and beliefs read fights with it.
constexpr bool may_attack(PieceType attacker, PieceType defender, const Rules& rules) {
  return rules.marshal_takes_flag || attacker != kMarshal || defender != kFlag;
}

}  // namespace junqi::engine
