#pragma once
// Who survives a fight (RULES.md §5).

#include "engine/rules.h"
#include "engine/types.h"

namespace junqi::engine {

constexpr Outcome fight(PieceType attacker, PieceType defender, MineRule mine) {
  if (defender == kFlag) return attacker == kBomb ? Outcome::kBothDie : Outcome::kAttackerWins;
  if (attacker == kBomb || defender == kBomb) return Outcome::kBothDie;
  if (defender == kMine) {
    if (attacker == kEngineer) return Outcome::kAttackerWins;
    return mine == MineRule::kBothDie ? Outcome::kBothDie : Outcome::kDefenderWins;
  }
  // Officers and engineers: the enum lists them from the highest rank down.
  if (attacker == defender) return Outcome::kBothDie;
  return attacker < defender ? Outcome::kAttackerWins : Outcome::kDefenderWins;
}

}  // namespace junqi::engine
