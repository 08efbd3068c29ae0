// Four-player move generation on small positions whose moves are counted by hand from
// RULES.md §4 and §8 (every count is worked out in the comment above it).

#include "engine/four/movegen.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/four/notation.h"
#include "tests/support/four_positions.h"

namespace junqi::engine::four {
namespace {

using testing_support::four_position;
using testing_support::kFourFlags;

Position south(const std::string& pieces, const Rules& rules = {}) {
  return four_position(std::string(kFourFlags) + pieces, kSouth, rules);
}

std::vector<std::string> targets(const Position& pos, const char* from) {
  std::vector<std::string> out;
  for (Bitboard b = destinations(pos, *parse_square(from)); b;) out.push_back(square_name(pop_lsb(b)));
  std::sort(out.begin(), out.end());
  return out;
}

bool can_move(const Position& pos, const char* from, const char* to) {
  return is_legal(pos, make_move(*parse_square(from), *parse_square(to)));
}

Rules rule(const char* key, const char* value) {
  Rules r;
  r.set(key, value);
  return r;
}

TEST(FourMovegen, EngineerReachesTheWholeRailway) {
  // 73 railway squares (16 a half + 9 in the centre), all empty but Sa6: 72, plus the road
  // step into the camp Sb5.
  const Position pos = south("sE@Sa6");
  EXPECT_EQ(count_moves(pos), 73);
  EXPECT_TRUE(can_move(pos, "Sa6", "Ee2"));  // across the centre and turning twice
  EXPECT_TRUE(can_move(pos, "Sa6", "Nc6"));
  EXPECT_FALSE(can_move(pos, "Sa6", "Nc5"));  // off the railway, two steps away
}

TEST(FourMovegen, StraightRunsFromTheCorner) {
  // engineer_turns = false: straight only. From Sa6: down file a (Sa5-Sa2: 4), along the
  // front rank (Sb6-Se6: 4, no turn at Se6), into the centre and on (Ca1 Ca2 Ca3 Ne6-Ne2:
  // 8), round the arc (We6-We2: 5); the road step to Sb5: 22.
  const Position pos = south("sE@Sa6", rule("engineer_turns", "false"));
  EXPECT_EQ(count_moves(pos), 22);
  EXPECT_TRUE(can_move(pos, "Sa6", "Ne2"));
  EXPECT_TRUE(can_move(pos, "Sa6", "We2"));
  EXPECT_FALSE(can_move(pos, "Sa6", "Cb1"));  // a turn
  EXPECT_FALSE(can_move(pos, "Sa6", "Ea6"));  // the front rank does not go round Se6's arc
}

TEST(FourMovegen, CFileCrossesTheCentre) {
  // Sc6: its front rank both ways (Sa6 Sb6, Sd6 Se6: 4), the c-file line Cb1 Cb2 Cb3 Nc6
  // (4), road steps to Sc5 and the camps Sb5, Sd5 (3): 11.
  const Position pos = south("sP@Sc6");
  EXPECT_EQ(targets(pos, "Sc6"), (std::vector<std::string>{"Cb1", "Cb2", "Cb3", "Nc6", "Sa6", "Sb5", "Sb6",
                                                           "Sc5", "Sd5", "Sd6", "Se6"}));
}

TEST(FourMovegen, AnAllyIsNeitherAttackedNorPassed) {
  // Platoon on Sa2, North (its partner) on Ca2, East on Ca3 behind it. North along file a:
  // Sa3-Sa6 and Ca1 (5), never Ca2 or Ca3; the arc branch We6-We2 (5); rank 2: Sb2-Se2
  // (4); road steps Sa1 and the camp Sb3 (2): 16.
  const Position pos = south("sP@Sa2 nP@Ca2 eP@Ca3");
  EXPECT_EQ(count_moves(pos), 16);
  EXPECT_FALSE(can_move(pos, "Sa2", "Ca2"));
  EXPECT_FALSE(can_move(pos, "Sa2", "Ca3"));
  // An enemy in the ally's place is attacked: 17.
  EXPECT_EQ(count_moves(south("sP@Sa2 eP@Ca2")), 17);
  EXPECT_TRUE(can_move(south("sP@Sa2 eP@Ca2"), "Sa2", "Ca2"));
}

TEST(FourMovegen, EngineerGoesRoundAnAlly) {
  // North on Ca1 blocks the engineer's way there, not the railway beyond it (reached
  // through Sb6-Sc6-Cb1, or round the arc): 73 railway squares less Sa6 and Ca1, plus Sb5.
  const Position pos = south("sE@Sa6 nP@Ca1");
  EXPECT_EQ(count_moves(pos), 72);
  EXPECT_FALSE(can_move(pos, "Sa6", "Ca1"));
  EXPECT_TRUE(can_move(pos, "Sa6", "Ca2"));
}

TEST(FourMovegen, RunRoundAnArc) {
  // Regiment on Sa3, West on We4. Down: Sa2 (1). Up: Sa4 Sa5 Sa6 Ca1 Ca2 Ca3 Ne6-Ne2 (11);
  // round the arc: We6 We5 and the attack on We4 (3). Road step: the camp Sb3 (1). 16.
  const Position pos = south("sT@Sa3 wP@We4");
  EXPECT_EQ(count_moves(pos), 16);
  EXPECT_TRUE(can_move(pos, "Sa3", "We4"));
  EXPECT_FALSE(can_move(pos, "Sa3", "We3"));
}

TEST(FourMovegen, CampsAndHeadquarters) {
  // Platoon on Sc3 between an East piece in the camp Sc4 (not attackable), an East piece on
  // Sc2 (attackable), the empty camps Sb3 and Sd3: 3 moves.
  EXPECT_EQ(targets(south("sP@Sc3 eP@Sc4 eP@Sc2"), "Sc3"), (std::vector<std::string>{"Sb3", "Sc2", "Sd3"}));
  // A piece in a headquarters, its own seat's or another's, stays; under hq_exit each
  // steps out: Sd1 to Sc1 Se1 Sd2, Ed1 to Ec1 Ee1 Ed2. (The Platoon on Sc3 moves to Sc2,
  // Sc4, Sb3, Sd3 either way.)
  EXPECT_EQ(count_moves(south("sM@Sd1 sC@Ed1 sP@Sc3")), 4);
  EXPECT_EQ(count_moves(south("sM@Sd1 sC@Ed1 sP@Sc3", rule("hq_exit", "true"))), 4 + 6);
}

TEST(FourMovegen, RailMax) {
  // rail_max = 2 from Sa4: Sa3 Sa2, Sa5 Sa6 (both forks share them), road steps Sb4 and
  // the camps Sb3 Sb5: 7. Unlimited: Sa3 Sa2, Sa5 Sa6 Ca1 Ca2 Ca3 Ne6-Ne2, We6-We2, and
  // the three road steps: 2 + 10 + 5 + 3 = 20.
  EXPECT_EQ(count_moves(south("sP@Sa4", rule("rail_max", "2"))), 7);
  EXPECT_EQ(count_moves(south("sP@Sa4")), 20);
  // An engineer's run of at most 2 links from Sa6: Sa5 Sb6 Ca1 We6, then Sa4 Sc6 Ca2 Cb1
  // We5 Wd6; plus Sb5: 11.
  EXPECT_EQ(count_moves(south("sE@Sa6", rule("rail_max", "2"))), 11);
}

TEST(FourMovegen, MarshalTakesFlagOption) {
  // Marshal on Ea1 next to East's Flag on Eb1: Ea2 and the Flag; without the flag: Ea2.
  EXPECT_EQ(count_moves(south("sM@Ea1")), 2);
  EXPECT_EQ(count_moves(south("sM@Ea1", rule("marshal_takes_flag", "false"))), 1);
}

TEST(FourMovegen, FlyingBombsAndTurningEveryone) {
  // A Bomb on Sa6 turns under bomb_flies (as the engineer above: 73); so does a Platoon
  // under all_turn; neither by default (22, as the straight engineer above).
  EXPECT_EQ(count_moves(south("sB@Sa6", rule("bomb_flies", "true"))), 73);
  EXPECT_EQ(count_moves(south("sP@Sa6", rule("all_turn", "true"))), 73);
  EXPECT_EQ(count_moves(south("sB@Sa6")), 22);
}

}  // namespace
}  // namespace junqi::engine::four
