// Rollouts: the policy that redraws attacks a piece loses, and its frequencies.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "engine/combat.h"
#include "engine/playout.h"
#include "search/rollout.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

TEST(Rollout, LosingAttacksAreRedrawnWithTheExpectedFrequency) {
  // A position where some moves are losing attacks: random games until one has some.
  Position pos;
  MoveList list;
  int losing = 0;
  for (uint64_t seed = 1; losing == 0 || losing == list.size; ++seed) {
    Rng rng(seed);
    pos = random_position(rng, 60);
    generate(pos, list);
    losing = 0;
    for (Move m : list) {
      const Piece defender = pos.piece_on(to_sq(m));
      // Checked here from the combat table directly, not through the function under test.
      losing += defender != kNoPiece && fight(type_of(pos.piece_on(from_sq(m))), type_of(defender),
                                              pos.rules().mine) == Outcome::kDefenderWins;
    }
  }
  const double f = double(losing) / list.size;
  // Each draw is uniform; a losing one is redrawn up to `retries` times, so a losing move
  // comes out with probability f^(retries+1), and every move of the same kind equally often.
  for (int retries : {0, 1, 3}) {
    Rng rng(uint64_t(7 + retries));
    const int n = 200000;
    int chosen_losing = 0;
    std::map<Move, int> count;
    for (int i = 0; i < n; ++i) {
      const Move m = search::rollout_move(pos, list, retries, rng);
      ++count[m];
      chosen_losing += search::loses_its_attacker(pos, m);
    }
    const double expected = std::pow(f, retries + 1);
    const double sd = std::sqrt(expected * (1 - expected) / n);
    EXPECT_NEAR(double(chosen_losing) / n, expected, 5 * sd + 1e-9) << "retries " << retries;
    // Every move stays possible (checked where even a losing one is common enough to show).
    if (retries <= 1) {
      EXPECT_EQ(count.size(), size_t(list.size));
    }
  }
}

}  // namespace
