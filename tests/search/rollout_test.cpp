// Rollouts: the policy that redraws attacks a piece loses, and its frequencies; a Flag in
// reach taken; the greedy move the best by its own scoring.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "engine/combat.h"
#include "engine/game_end.h"
#include "engine/geometry.h"
#include "engine/playout.h"
#include "search/one_ply_choice.h"
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
      const Move m = search::rollout_move(pos, list, search::RolloutPolicy{8, retries}, rng);
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

// Live positions of random games, some with a Flag in reach of the side to move.
std::vector<Position> live_positions() {
  std::vector<Position> out;
  Rng rng(11);
  for (int i = 0; out.size() < 300 && i < 3000; ++i) {
    Position pos = random_position(rng, 40 + 20 * (i % 20));
    MoveList list;
    generate(pos, list);
    if (!status_without_movegen(pos).over() && list.size > 0) out.push_back(pos);
  }
  return out;
}

bool attacks_flag(const Position& pos, Move m) {
  const Piece target = pos.piece_on(to_sq(m));
  return target != kNoPiece && type_of(target) == kFlag;
}

TEST(Rollout, AFlagInReachIsTakenAndOnlyThen) {
  search::RolloutPolicy policy;
  policy.take_flag = true;
  Rng rng(3);
  int with_flag = 0;
  for (const Position& pos : live_positions()) {
    MoveList list;
    generate(pos, list);
    bool reachable = false;
    for (const Move m : list) reachable = reachable || attacks_flag(pos, m);
    with_flag += reachable;
    EXPECT_EQ(attacks_flag(pos, search::rollout_move(pos, list, policy, rng)), reachable);
  }
  EXPECT_GT(with_flag, 0) << "no position tested the capture";
}

// Links to the nearest headquarters of `side`, by a breadth-first search of our own.
int links_to_headquarters(Color side, Square from) {
  using Board = TwoPlayerBoard;
  std::vector<int> dist(Board::kSquares, -1);
  std::vector<Square> queue;
  for (int s = 0; s < Board::kSquares; ++s)
    if ((Board::kT.headquarters & Board::kT.half[side]) & square_bb(Square(s))) dist[s] = 0, queue.push_back(Square(s));
  for (size_t i = 0; i < queue.size(); ++i)
    for (int t = 0; t < Board::kSquares; ++t)
      if ((Board::kT.links[queue[i]] & square_bb(Square(t))) && dist[t] < 0)
        dist[t] = dist[queue[i]] + 1, queue.push_back(Square(t));
  return dist[from];
}

// Each move scored from the combat table and the distances: what greedy_move should
// maximise, computed with nothing of it but the table's values.
double one_ply_score(const Position& pos, Move m) {
  const search::OnePlyTable table;
  const PieceType mover = type_of(pos.piece_on(from_sq(m)));
  const Piece target = pos.piece_on(to_sq(m));
  if (target != kNoPiece) return search::attack_value(mover, type_of(target), pos.rules().mine, table.aggression);
  const Color enemy = ~pos.side_to_move();
  return search::advance_weight(table, mover) *
         (links_to_headquarters(enemy, from_sq(m)) - links_to_headquarters(enemy, to_sq(m)));
}

TEST(Rollout, TheGreedyMoveScoresBestUpToItsTieBreak) {
  Rng rng(5);
  int attacks = 0;
  for (const Position& pos : live_positions()) {
    MoveList list;
    generate(pos, list);
    double best = -1e18;
    for (const Move m : list) best = std::max(best, one_ply_score(pos, m));
    const Move chosen = search::greedy_move(pos, list, rng);
    EXPECT_GE(one_ply_score(pos, chosen), best - 0.01);
    attacks += pos.piece_on(to_sq(chosen)) != kNoPiece;
  }
  EXPECT_GT(attacks, 0) << "no position chose an attack";
}

// With greedy_per_mille = 1000 every move is the greedy one; with 0 none is forced.
TEST(Rollout, TheGreedyShareIsItsPerMille) {
  const std::vector<Position> positions = live_positions();
  search::RolloutPolicy policy;
  policy.greedy_per_mille = 1000;
  for (size_t i = 0; i < positions.size(); i += 10) {
    MoveList list;
    generate(positions[i], list);
    Rng a(i), b(i);
    // The same stream: the share's draw, then greedy_move's tie-breaks.
    (void)b.below(1000);
    EXPECT_EQ(search::rollout_move(positions[i], list, policy, a), search::greedy_move(positions[i], list, b));
  }
}

}  // namespace
