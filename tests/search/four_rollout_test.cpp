// The four-seat rollouts' policy, checked on positions cut from random games: a Flag in
// reach is always taken, the greedy move is the best by its own scoring, redraws avoid
// fights the attacker loses, and the headquarters distances are a breadth-first search's.

#include "search/four_rollout.h"

#include <gtest/gtest.h>

#include "engine/four/movegen.h"
#include "engine/four/playout.h"
#include "search/four_distance.h"
#include "search/one_ply_choice.h"
#include "search/rollout.h"

namespace junqi::search {
namespace {

using engine::Move;
using engine::Rng;
using namespace junqi::engine::four;

// Live positions of random games, some with a Flag in reach of the seat to move.
std::vector<Position> positions() {
  std::vector<Position> out;
  Rng rng(11);
  for (int i = 0; out.size() < 300 && i < 3000; ++i) {
    Position pos = random_position(rng, 40 + 20 * (i % 20));
    if (!game_status(pos).over()) out.push_back(pos);
  }
  return out;
}

bool attacks_flag(const Position& pos, Move m) {
  const engine::Piece target = pos.piece_on(engine::to_sq(m));
  return target != engine::kNoPiece && engine::type_of(target) == engine::kFlag;
}

TEST(FourRollout, AFlagInReachIsTakenAndOnlyThen) {
  RolloutPolicy policy;
  policy.take_flag = true;
  Rng rng(3);
  int with_flag = 0;
  for (const Position& pos : positions()) {
    MoveList list;
    generate(pos, list);
    ASSERT_GT(list.size, 0);
    bool reachable = false;
    for (const Move m : list) reachable = reachable || attacks_flag(pos, m);
    with_flag += reachable;
    EXPECT_EQ(takes_flag(pos, four_rollout_move(pos, list, policy, rng)), reachable);
  }
  EXPECT_GT(with_flag, 0) << "no position tested the capture";
}

// Each move scored as the four-seat greedy bot scores it, from the combat table and the
// headquarters distances, with nothing in common with greedy_move but those two.
double one_ply_score(const Position& pos, Move m) {
  const OnePlyTable table;
  const engine::PieceType mover = engine::type_of(pos.piece_on(engine::from_sq(m)));
  const engine::Piece target = pos.piece_on(engine::to_sq(m));
  if (target != engine::kNoPiece)
    return attack_value(mover, engine::type_of(target), pos.rules().mine, table.aggression);
  auto nearest = [&](engine::Square s) {
    int d = Board::kSquares;
    for (int o = 0; o < kSeats; ++o)
      if (team_of(Seat(o)) != team_of(pos.side_to_move()) && pos.in_game(Seat(o)))
        d = std::min(d, distance_to_headquarters(Seat(o))[s]);
    return d;
  };
  return advance_weight(table, mover) * (nearest(engine::from_sq(m)) - nearest(engine::to_sq(m)));
}

TEST(FourRollout, TheGreedyMoveScoresBestUpToItsTieBreak) {
  Rng rng(5);
  for (const Position& pos : positions()) {
    MoveList list;
    generate(pos, list);
    double best = -1e18;
    for (const Move m : list) best = std::max(best, one_ply_score(pos, m));
    EXPECT_GE(one_ply_score(pos, greedy_move(pos, list, rng)), best - 0.01);
  }
}

TEST(FourRollout, RedrawsAvoidAttacksTheAttackerLoses) {
  RolloutPolicy uniform;
  uniform.take_flag = false;
  uniform.greedy_per_mille = 0;
  RolloutPolicy redrawn = uniform;
  redrawn.retries = 50;
  Rng rng(7);
  int losing_uniform = 0, losing_redrawn = 0, tested = 0;
  for (const Position& pos : positions()) {
    MoveList list;
    generate(pos, list);
    bool safe_exists = false;
    for (const Move m : list) safe_exists = safe_exists || !loses_its_attacker(pos, m);
    if (!safe_exists) continue;
    ++tested;
    for (int k = 0; k < 20; ++k) {
      losing_uniform += loses_its_attacker(pos, four_rollout_move(pos, list, uniform, rng));
      losing_redrawn += loses_its_attacker(pos, four_rollout_move(pos, list, redrawn, rng));
    }
  }
  ASSERT_GT(tested, 100);
  EXPECT_GT(losing_uniform, 50) << "random games offer losing attacks";
  EXPECT_LE(losing_redrawn, losing_uniform / 20);
}

// Every square's distance is 0 on the seat's headquarters, else one more than its nearest
// neighbour's: the fixed point of breadth-first search.
TEST(FourDistance, IsTheLinkDistanceToTheSeatsHeadquarters) {
  for (int s = 0; s < kSeats; ++s) {
    const FourDistance& d = distance_to_headquarters(Seat(s));
    int zeros = 0;
    for (Bitboard b = Board::kT.all; b;) {
      const engine::Square sq = pop_lsb(b);
      const bool hq = (Board::kT.headquarters & Board::kT.half[s]).has(sq);
      zeros += d[sq] == 0;
      if (hq) {
        EXPECT_EQ(d[sq], 0);
        continue;
      }
      int nearest = Board::kSquares;
      for (Bitboard n = Board::kT.links[sq]; n;) nearest = std::min(nearest, d[pop_lsb(n)]);
      EXPECT_EQ(d[sq], nearest + 1) << "seat " << s << " square " << int(sq);
    }
    EXPECT_EQ(zeros, 2) << "two headquarters a seat";
  }
}

}  // namespace
}  // namespace junqi::search
