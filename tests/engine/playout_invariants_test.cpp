// Invariants of Position along random playouts: make/unmake restore everything, the
// incremental hash stays equal to the hash from scratch, JFEN round-trips, pieces are
// only ever removed, and the draw counters move exactly as RULES.md §6 says.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "engine/deployment.h"
#include "engine/game_end.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/playout.h"
#include "engine/position.h"
#include "engine/random.h"

namespace {

using namespace junqi::engine;

std::array<int, kColors> piece_counts(const Position& pos) {
  return {popcount(pos.pieces(kRed)), popcount(pos.pieces(kBlue))};
}

std::string where(const Position& pos, Move m) {
  std::string s = "move ";
  s += move_string(m);
  s += " in ";
  s += to_jfen(pos);
  return s;
}

// Every legal move of `pos`, made and taken back, against what make() must do.
void check_every_move(Position& pos) {
  const Position before = pos;
  const uint64_t hash = pos.hash();
  const auto counts = piece_counts(pos);
  MoveList list;
  generate(pos, list);
  for (Move m : list) {
    const bool fight = pos.piece_on(to_sq(m)) != kNoPiece;
    Position::Undo undo;
    const Outcome outcome = pos.make(m, undo);
    EXPECT_EQ(outcome == Outcome::kQuiet, !fight) << where(before, m);
    EXPECT_EQ(pos.hash(), pos.compute_hash()) << where(before, m);
    EXPECT_EQ(pos.ply(), before.ply() + 1) << where(before, m);
    EXPECT_EQ(pos.side_to_move(), ~before.side_to_move()) << where(before, m);
    // A fight removes at least one piece and resets the count; a quiet move adds one.
    EXPECT_EQ(pos.quiet_plies(), fight ? 0 : before.quiet_plies() + 1) << where(before, m);
    const auto after = piece_counts(pos);
    EXPECT_LE(after[kRed], counts[kRed]) << where(before, m);
    EXPECT_LE(after[kBlue], counts[kBlue]) << where(before, m);
    EXPECT_EQ(after[kRed] + after[kBlue] < counts[kRed] + counts[kBlue], fight) << where(before, m);
    pos.unmake(undo);
    EXPECT_EQ(pos.hash(), hash) << where(before, m);
    EXPECT_TRUE(pos == before) << where(before, m);
    if (testing::Test::HasFailure()) return;
  }
}

void check_jfen_round_trip(const Position& pos) {
  const std::string jfen = to_jfen(pos);
  const Position parsed = parse_jfen(jfen, pos.rules());
  EXPECT_TRUE(parsed == pos) << jfen;
  EXPECT_EQ(parsed.hash(), pos.hash()) << jfen;
  EXPECT_EQ(to_jfen(parsed), jfen);
}

// Random games from fixed seeds, every invariant checked at every ply. Returns the plies.
int run_games(const Rules& rules, uint64_t first_seed, int games) {
  int plies = 0;
  for (int g = 0; g < games && !testing::Test::HasFailure(); ++g) {
    Rng rng(first_seed + uint64_t(g));
    const Deployment red = random_deployment(rng), blue = random_deployment(rng);
    Position pos = start_position(red, blue, rules);
    EXPECT_EQ(pos.hash(), pos.compute_hash());
    EXPECT_EQ(piece_counts(pos), (std::array<int, kColors>{kPiecesPerSide, kPiecesPerSide}));
    while (!testing::Test::HasFailure()) {
      check_every_move(pos);
      check_jfen_round_trip(pos);
      const auto counts = piece_counts(pos);
      const int ply = pos.ply();
      if (!play_random_move(pos, rng)) break;
      ++plies;
      EXPECT_EQ(pos.ply(), ply + 1);
      EXPECT_EQ(pos.hash(), pos.compute_hash()) << to_jfen(pos);
      const auto after = piece_counts(pos);
      EXPECT_LE(after[kRed], counts[kRed]);
      EXPECT_LE(after[kBlue], counts[kBlue]);
    }
    // A game stops only when it is over (flag, draw counters, or no legal move).
    EXPECT_TRUE(game_status(pos).over()) << to_jfen(pos);
  }
  return plies;
}

TEST(PlayoutInvariants, DefaultRules) { EXPECT_GT(run_games(Rules{}, 100, 40), 2000); }

TEST(PlayoutInvariants, BothDieMinesAndHeadquartersExit) {
  // Options that change who survives a fight and which pieces may move.
  Rules rules;
  rules.mine = MineRule::kBothDie;
  rules.hq_exit = true;
  EXPECT_GT(run_games(rules, 200, 20), 1000);
}

TEST(PlayoutInvariants, ShortRailRunsWithoutEngineerTurns) {
  Rules rules;
  rules.engineer_turns = false;
  rules.rail_max = 2;
  EXPECT_GT(run_games(rules, 300, 20), 1000);
}

}  // namespace
