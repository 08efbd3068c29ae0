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

}  // namespace junqi::engine
