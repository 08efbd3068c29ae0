// Move generation against hand counts from RULES.md §4 and the movement options of §9.
// Every position is a JFEN with both flags in their headquarters (a position without a
// flag is a finished game, engine/game_end.h); each expected move list was worked out
// from the rules, square by square, and is written out in full.

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>

#include "engine/movegen.h"
#include "engine/notation.h"

namespace junqi::engine {
namespace {

using MoveSet = std::set<std::string>;

// "a2" + "b2 c2" -> {"a2-b2", "a2-c2"}.
MoveSet from_to(std::string_view from, std::string_view tos) {
  MoveSet out;
  size_t start = 0;
  while (start < tos.size()) {
    size_t end = tos.find(' ', start);
    if (end == std::string_view::npos) end = tos.size();
    if (end > start) out.insert(std::string(from) + "-" + std::string(tos.substr(start, end - start)));
    start = end + 1;
  }
  return out;
}

MoveSet join(MoveSet a, const MoveSet& b) {
  a.insert(b.begin(), b.end());
  return a;
}

Square sq(std::string_view name) { return parse_square(name).value(); }

// Moves of the piece on `from`, through destinations().
MoveSet moves_from(const Position& pos, std::string_view from) {
  MoveSet out;
  for (auto t = destinations(pos, sq(from)); t;) out.insert(move_string(make_move(sq(from), pop_lsb(t))));
  return out;
}

// Every legal move through generate(); checks that no move is listed twice and that
// count_moves() and is_legal() agree with the list.
MoveSet all_moves(const Position& pos) {
  MoveList list;
  generate(pos, list);
  MoveSet out;
  for (Move m : list) {
    out.insert(move_string(m));
    EXPECT_TRUE(is_legal(pos, m)) << move_string(m);
  }
  EXPECT_EQ(size_t(list.size), out.size()) << "a move is listed twice";
  EXPECT_EQ(count_moves(pos), list.size);
  return out;
}

Rules with(std::string_view key, std::string_view value) {
  Rules r;
  r.set(key, value);
  return r;
}

// Rules with several options set, in the order given.
Rules with(std::initializer_list<std::pair<std::string_view, std::string_view>> options) {
  Rules r;
  for (const auto& [key, value] : options) r.set(key, value);
  return r;
}

// Red engineer on a2 on an otherwise empty board (flags b1, d12).
constexpr std::string_view kEngineerA2 = "3f1/5/5/5/5/5/5/5/5/5/E4/1F3 r 0 0";

TEST(MovegenRules, EngineerRunsOverTheWholeRailway) {
  // The railway is one connected network of 32 squares; an engineer may stop on any empty
  // one, turning at a2->e2, e2->e11, a6->e6, c6->c7, ...: the 31 others, plus the road
  // steps a1 and b3 (camp diagonal) = 33. The flags stand off the railway.
  const Position pos = parse_jfen(kEngineerA2);
  const MoveSet expected = from_to("a2",
                                   "b2 c2 d2 e2 "                    // rank 2
                                   "a3 a4 a5 a6 a7 a8 a9 a10 a11 "   // file a
                                   "e3 e4 e5 e6 e7 e8 e9 e10 e11 "   // file e
                                   "b6 c6 d6 b7 c7 d7 b11 c11 d11 "  // ranks 6, 7, 11
                                   "a1 b3");                         // road steps
  EXPECT_EQ(expected.size(), 33u);
  EXPECT_EQ(all_moves(pos), expected);  // the flags never move: only the engineer's moves
}

TEST(MovegenRules, EngineerAttacksFirstEnemyOnEachPathAndStopsAtOwnPieces) {
  // Red: E a2, P a3, F b1. Blue: p a7, p c7, p e7, c e8, f d12.
  //  8  . . . . c
  //  7  p . p . p
  //  3  P . . . .
  //  2  E . . . .
  //  1  . F . . .
  // Engineer a2: own P a3 closes file a northward, so it turns along rank 2 (b2 c2 d2 e2),
  // up file e (e3 e4 e5 e6), attacks e7 (first enemy; e8 behind it is out of reach), turns
  // along rank 6 (d6 c6 b6 a6), attacks c7 from c6 and a7 from a6, runs down file a to a5
  // a4 (a3 is own); b6-b7 and d6-d7 are no links. Road: a1, b3. 14 empty + 3 attacks + 2 = 19.
  const Position pos = parse_jfen("3f1/5/5/5/4c/p1p1p/5/5/5/P4/E4/1F3 r 0 0");
  const MoveSet engineer = from_to("a2",
                                   "b2 c2 d2 e2 e3 e4 e5 e6 d6 c6 b6 a6 a5 a4 "
                                   "e7 c7 a7 "
                                   "a1 b3");
  EXPECT_EQ(engineer.size(), 19u);
  EXPECT_EQ(moves_from(pos, "a2"), engineer);
  // Platoon a3 (not an engineer): file a north a4 a5 a6, attack a7 (a8 behind it not);
  // south is own a2; rank 3 is no railway; road step to camp b3. = 5.
  const MoveSet platoon = from_to("a3", "a4 a5 a6 a7 b3");
  EXPECT_EQ(moves_from(pos, "a3"), platoon);
  EXPECT_EQ(all_moves(pos), join(engineer, platoon));  // 24
}

TEST(MovegenRules, NonEngineerCannotTurnTheCorner) {
  // Red P a2, empty board: straight lines only: file a a3..a11 (9, across the front),
  // rank 2 b2..e2 (4), road a1 and camp b3 = 15. Nothing on file e or rank 11.
  const Position pos = parse_jfen("3f1/5/5/5/5/5/5/5/5/5/P4/1F3 r 0 0");
  const MoveSet expected = from_to("a2", "a3 a4 a5 a6 a7 a8 a9 a10 a11 b2 c2 d2 e2 a1 b3");
  EXPECT_EQ(expected.size(), 15u);
  EXPECT_EQ(all_moves(pos), expected);
}

TEST(MovegenRules, EngineerWithoutTurnsRunsStraight) {
  // engineer_turns = false: the engineer of kEngineerA2 moves like the platoon above (15).
  const Position pos = parse_jfen(kEngineerA2, with("engineer_turns", "false"));
  EXPECT_EQ(all_moves(pos), from_to("a2", "a3 a4 a5 a6 a7 a8 a9 a10 a11 b2 c2 d2 e2 a1 b3"));
}

TEST(MovegenRules, CentreCrossingC6C7) {
  // Red P c6: c6-c7 is a straight line of one link, so c7 but never c8; rank 6 a6 b6 d6 e6;
  // road c5 and the camps b5, d5 (diagonal). = 8. d6/b6 are reached both by a step and by
  // a run but listed once.
  const Position red = parse_jfen("3f1/5/5/5/5/5/2P2/5/5/5/5/1F3 r 0 0");
  const MoveSet expected = from_to("c6", "c7 a6 b6 d6 e6 c5 b5 d5");
  EXPECT_EQ(all_moves(red), expected);
  // Blue p c7 the other way: c6 but not c5; rank 7 a7 b7 d7 e7; road c8 and camps b8 d8 = 8.
  const Position blue = parse_jfen("3f1/5/5/5/5/2p2/5/5/5/5/5/1F3 b 0 1");
  EXPECT_EQ(all_moves(blue), from_to("c7", "c6 a7 b7 d7 e7 c8 b8 d8"));
  // An engineer on c6 crosses to c7 and turns along rank 7 and beyond: every railway square
  // but c6 (31) + road c5, b5, d5 = 34; c8 is only a road step from c7, not part of a run.
  const Position engineer = parse_jfen("3f1/5/5/5/5/5/2E2/5/5/5/5/1F3 r 0 0");
  const MoveSet moves = all_moves(engineer);
  EXPECT_EQ(moves.size(), 34u);
  EXPECT_TRUE(moves.count("c6-c7"));
  EXPECT_FALSE(moves.count("c6-c8"));
  EXPECT_FALSE(moves.count("c6-c4"));
}

TEST(MovegenRules, EngineerOffTheRailwayOnlySteps) {
  // Red E on c5 (a post off the railway): steps to camps c4, b5, d5 and to c6; c6 is on the
  // railway but a run must start on it, so nothing beyond = 4.
  EXPECT_EQ(all_moves(parse_jfen("3f1/5/5/5/5/5/5/2E2/5/5/5/1F3 r 0 0")), from_to("c5", "c4 b5 d5 c6"));
}

TEST(MovegenRules, BlueEngineerCrossesTheCentre) {
  // Blue e on c7, empty board: every railway square but c7 (31), crossing to c6 and turning
  // along rank 6 and down files a and e; road c8 and the camps b8, d8 = 34; no c5, no c9.
  const MoveSet moves = all_moves(parse_jfen("3f1/5/5/5/5/2e2/5/5/5/5/5/1F3 b 0 1"));
  EXPECT_EQ(moves.size(), 34u);
  for (std::string_view to : {"c6", "a2", "e2", "b6", "c8", "b8", "d8"})
    EXPECT_TRUE(moves.count("c7-" + std::string(to))) << to;
  EXPECT_FALSE(moves.count("c7-c5"));
  EXPECT_FALSE(moves.count("c7-c9"));
}

TEST(MovegenRules, MountainsBlockB6B7AndD6D7) {
  // Red P b6: rank 6 a6 c6 d6 e6, road b5 (camp); no b7 = 5.
  EXPECT_EQ(all_moves(parse_jfen("3f1/5/5/5/5/5/1P3/5/5/5/5/1F3 r 0 0")), from_to("b6", "a6 c6 d6 e6 b5"));
  // Red P d6: rank 6 a6 b6 c6 e6, road d5 (camp); no d7 = 5.
  EXPECT_EQ(all_moves(parse_jfen("3f1/5/5/5/5/5/3P1/5/5/5/5/1F3 r 0 0")), from_to("d6", "a6 b6 c6 e6 d5"));
  // Blue p b7: rank 7 a7 c7 d7 e7, road b8 (camp); no b6 = 5.
  EXPECT_EQ(all_moves(parse_jfen("3f1/5/5/5/5/1p3/5/5/5/5/5/1F3 b 0 1")), from_to("b7", "a7 c7 d7 e7 b8"));
}

TEST(MovegenRules, CampDiagonalLinks) {
  // Red P in camp b3: orthogonal b2 b4 a3 c3 + diagonal a2 c2 a4 c4 = 8 (camps are off the
  // railway, so no run).
  EXPECT_EQ(all_moves(parse_jfen("3f1/5/5/5/5/5/5/5/5/1P3/5/1F3 r 0 0")),
            from_to("b3", "b2 b4 a3 c3 a2 c2 a4 c4"));
  // Red P in the centre camp c4: c3 c5 b4 d4 + the four camps b3 d3 b5 d5 = 8.
  EXPECT_EQ(all_moves(parse_jfen("3f1/5/5/5/5/5/5/5/2P2/5/5/1F3 r 0 0")),
            from_to("c4", "c3 c5 b4 d4 b3 d3 b5 d5"));
  // Red P on post c3 has no diagonal: c2 c4 b3 d3 = 4.
  EXPECT_EQ(all_moves(parse_jfen("3f1/5/5/5/5/5/5/5/5/2P2/5/1F3 r 0 0")), from_to("c3", "c2 c4 b3 d3"));
}

TEST(MovegenRules, PieceInCampCannotBeAttacked) {
  // Red: E a2, P c2, F b1. Blue: p b3, p d3 (both in camps), p c3 (a post), f d12.
  //  3  . p p p .
  //  2  E . P . .
  //  1  . F . . .
  // P c2: rank 2 west b2 (a2 own), east d2 e2; road c1, attack c3; the camps b3 and d3
  // are diagonal neighbours but occupied, so no move there = 5.
  const Position pos = parse_jfen("3f1/5/5/5/5/5/5/5/5/1ppp1/E1P2/1F3 r 0 0");
  EXPECT_EQ(moves_from(pos, "c2"), from_to("c2", "b2 d2 e2 c1 c3"));
  // E a2: every railway square but a2 and c2 (30: rank 2 eastward stops at own c2, the rest
  // is reached round files a/e and rank 11, e2 and d2 from the east); no enemy is on the
  // railway so no attack by run, and a run never ends in a camp (camps are off the railway)
  // even where it passes next to one (b2, e2); road a1 (b3 is an occupied camp) = 31.
  const MoveSet engineer = moves_from(pos, "a2");
  EXPECT_EQ(engineer.size(), 31u);
  EXPECT_FALSE(engineer.count("a2-b3"));
  EXPECT_TRUE(engineer.count("a2-a1"));
  EXPECT_TRUE(engineer.count("a2-d2"));
  EXPECT_FALSE(engineer.count("a2-c2"));
  for (const auto& m : all_moves(pos)) {
    EXPECT_NE(m.substr(3), "b3") << m;
    EXPECT_NE(m.substr(3), "d3") << m;
  }
}

TEST(MovegenRules, EnterEmptyCampsAndEitherHeadquarters) {
  // Red: F b1, P c1, P c12. Blue: f d12.
  // P c1: own HQ d1 (empty), c2; b1 is own = 2. P c12: enemy HQ b12 (empty), attack the flag
  // on d12 (also a headquarters), c11 (road step: c12 is off the railway) = 3.
  const Position pos = parse_jfen("2Pf1/5/5/5/5/5/5/5/5/5/5/1FP2 r 0 0");
  EXPECT_EQ(all_moves(pos), join(from_to("c1", "d1 c2"), from_to("c12", "b12 d12 c11")));
}

TEST(MovegenRules, HeadquartersFreeze) {
  // Red: L a1, F b1, P d1 (own HQ), L a2 (on the railway), P b12 (enemy HQ). Blue: f d12.
  // Flags, mines and pieces in either headquarters never move: no legal move at all.
  const std::string_view jfen = "1P1f1/5/5/5/5/5/5/5/5/5/L4/LF1P1 r 0 0";
  EXPECT_TRUE(all_moves(parse_jfen(jfen)).empty());
  // hq_exit = true: the platoons leave the headquarters, d1 -> c1 e1 d2 and
  // b12 -> a12 c12 b11 (HQs are off the railway: steps only) = 6; flag and mines still never move.
  EXPECT_EQ(all_moves(parse_jfen(jfen, with("hq_exit", "true"))),
            join(from_to("d1", "c1 e1 d2"), from_to("b12", "a12 c12 b11")));
}

TEST(MovegenRules, FlagsAndMinesNeverMove) {
  // Blue to move with only its flag (d12) and mines (c12, d11 on the railway, e12): none
  // of them moves, with or without hq_exit.
  const std::string_view jfen = "2lfl/3l1/5/5/5/5/5/5/5/5/5/1F3 b 0 1";
  EXPECT_TRUE(all_moves(parse_jfen(jfen)).empty());
  EXPECT_TRUE(all_moves(parse_jfen(jfen, with("hq_exit", "true"))).empty());
}

TEST(MovegenRules, NoCaptureOfOwnPieces) {
  // Red P a2, P b2, P a3: a2's railway neighbours b2 and a3 are own pieces, so neither a
  // step nor a run goes there; what is left are the road steps a1 and b3 (camp diagonal).
  const Position pos = parse_jfen("3f1/5/5/5/5/5/5/5/5/P4/PP3/1F3 r 0 0");
  EXPECT_EQ(moves_from(pos, "a2"), from_to("a2", "a1 b3"));
  // b2 (links a2 c2 b1 b3): rank 2 east c2 d2 e2, west own a2; road b3 (camp, orthogonal);
  // b1 is the own flag = 4.
  EXPECT_EQ(moves_from(pos, "b2"), from_to("b2", "c2 d2 e2 b3"));
}

TEST(MovegenRules, RailMaxOnStraightRuns) {
  // Red P a2 on an empty board. rail_max = 1: runs of one link a3, b2, plus road a1, b3 = 4.
  // rail_max = 2: also a4, c2 = 6.
  const std::string_view jfen = "3f1/5/5/5/5/5/5/5/5/5/P4/1F3 r 0 0";
  EXPECT_EQ(all_moves(parse_jfen(jfen, with("rail_max", "1"))), from_to("a2", "a3 b2 a1 b3"));
  EXPECT_EQ(all_moves(parse_jfen(jfen, with("rail_max", "2"))), from_to("a2", "a3 a4 b2 c2 a1 b3"));
  // The same limits for an engineer on a2: its first two railway layers are the same squares.
  EXPECT_EQ(all_moves(parse_jfen(kEngineerA2, with("rail_max", "1"))), from_to("a2", "a3 b2 a1 b3"));
  EXPECT_EQ(all_moves(parse_jfen(kEngineerA2, with("rail_max", "2"))), from_to("a2", "a3 a4 b2 c2 a1 b3"));
}

TEST(MovegenRules, RailMaxOnEngineerRunsCountsTheAttackingStep) {
  // Red: E a6, F b1. Blue: p b7, p c7, p d6, f d12.
  //  7  . p p . .
  //  6  E . . p .
  // Distances (links) from a6 through empty railway squares:
  //   1: a5 a7 b6;  2: a4 a8 c6, attack b7 (via a7);  3: a3 a9, attacks c7 and d6 (via c6).
  // Road links of a6: a5 a7 b6 and camp b5.
  const std::string_view jfen = "3f1/5/5/5/5/1pp2/E2p1/5/5/5/5/1F3 r 0 0";
  EXPECT_EQ(all_moves(parse_jfen(jfen, with("rail_max", "1"))), from_to("a6", "a5 a7 b6 b5"));
  EXPECT_EQ(all_moves(parse_jfen(jfen, with("rail_max", "2"))), from_to("a6", "a5 a7 b6 a4 a8 c6 b7 b5"));
  EXPECT_EQ(all_moves(parse_jfen(jfen, with("rail_max", "3"))),
            from_to("a6", "a5 a7 b6 a4 a8 c6 b7 a3 a9 c7 d6 b5"));
  // A platoon in the engineer's place runs straight: rail_max = 2 gives a7 a8, a5 a4, b6 c6
  // + b5 = 7 (b7 is a turn away); rail_max = 3 adds a9, a3 and the attack on d6 = 10.
  const std::string_view platoon = "3f1/5/5/5/5/1pp2/P2p1/5/5/5/5/1F3 r 0 0";
  EXPECT_EQ(all_moves(parse_jfen(platoon, with("rail_max", "2"))), from_to("a6", "a7 a8 a5 a4 b6 c6 b5"));
  EXPECT_EQ(all_moves(parse_jfen(platoon, with("rail_max", "3"))),
            from_to("a6", "a7 a8 a9 a5 a4 a3 b6 c6 d6 b5"));
}

TEST(MovegenRules, RailMaxUsesShortestPathThroughEmptySquares) {
  // Red: E a6, P b6, F b1. Own b6 closes the one-link way to c6, so the shortest empty path
  // is a6-a7-b7-c7-c6, 4 links. Distances: 1: a5 a7;  2: a4 a8 b7;  3: a3 a9 c7;
  // 4: a2 a10 c6 d7. Road: a5 a7 b5 (b6 is own).
  const std::string_view jfen = "3f1/5/5/5/5/5/EP3/5/5/5/5/1F3 r 0 0";
  EXPECT_EQ(moves_from(parse_jfen(jfen, with("rail_max", "3")), "a6"),
            from_to("a6", "a5 a7 a4 a8 b7 a3 a9 c7 b5"));
  EXPECT_EQ(moves_from(parse_jfen(jfen, with("rail_max", "4")), "a6"),
            from_to("a6", "a5 a7 a4 a8 b7 a3 a9 c7 a2 a10 c6 d7 b5"));
}

TEST(MovegenRules, DestinationReachedSeveralWaysIsListedOnce) {
  // Engineer a2 reaches b2 and a3 by a road step and by a run, e6 both round rank 2/file e
  // and round file a/rank 6: the list holds each once (all_moves checks list size == set
  // size) and has exactly the 33 moves of EngineerRunsOverTheWholeRailway.
  const Position pos = parse_jfen(kEngineerA2);
  MoveList list;
  generate(pos, list);
  EXPECT_EQ(list.size, 33);
  for (std::string_view to : {"b2", "a3", "e6", "c7"})
    EXPECT_EQ(std::count(list.begin(), list.end(), make_move(sq("a2"), sq(to))), 1) << to;
}

// --- The house rules of RULES.md §9: bomb_flies, all_turn, marshal_takes_flag ---

// The moves of an Engineer on a2 over the empty board (EngineerRunsOverTheWholeRailway),
// and of a piece that runs straight from a2 (NonEngineerCannotTurnTheCorner).
const MoveSet kTurningFromA2 = from_to("a2",
                                       "b2 c2 d2 e2 a3 a4 a5 a6 a7 a8 a9 a10 a11 "
                                       "e3 e4 e5 e6 e7 e8 e9 e10 e11 b6 c6 d6 b7 c7 d7 b11 c11 d11 a1 b3");
const MoveSet kStraightFromA2 = from_to("a2", "a3 a4 a5 a6 a7 a8 a9 a10 a11 b2 c2 d2 e2 a1 b3");

TEST(MovegenHouseRules, FlyingBombTurnsLikeAnEngineer) {
  // Red B on a2, empty board. By default a Bomb runs straight: the 15 moves of a platoon.
  // bomb_flies (炸弹满天飞): every railway square but a2 (31) + a1, b3 = 33, the Engineer's.
  const std::string_view jfen = "3f1/5/5/5/5/5/5/5/5/5/B4/1F3 r 0 0";
  EXPECT_EQ(kStraightFromA2.size(), 15u);
  EXPECT_EQ(kTurningFromA2.size(), 33u);
  EXPECT_EQ(all_moves(parse_jfen(jfen)), kStraightFromA2);
  EXPECT_EQ(all_moves(parse_jfen(jfen, with("bomb_flies", "true"))), kTurningFromA2);
  // A flying Bomb turns even when Engineers may not (RULES.md §9, interplay); and
  // engineer_turns alone does not make a Bomb turn.
  EXPECT_EQ(all_moves(parse_jfen(jfen, with({{"bomb_flies", "true"}, {"engineer_turns", "false"}}))), kTurningFromA2);
  EXPECT_EQ(all_moves(parse_jfen(jfen, with("engineer_turns", "false"))), kStraightFromA2);
  // bomb_flies moves Bombs only: an Engineer under engineer_turns = false still runs straight.
  EXPECT_EQ(all_moves(parse_jfen(kEngineerA2, with({{"bomb_flies", "true"}, {"engineer_turns", "false"}}))),
            kStraightFromA2);
}

TEST(MovegenHouseRules, FlyingBombUnderRailMaxCountsLinksOfTheTurningPath) {
  // Red B on b6 (rank 6; b6-b7 is a mountain), empty board, rail_max = 2.
  // Straight: rank 6 west a6, east c6 d6; road b5 (camp) = 4.
  // Turning, by links from b6: 1: a6 c6;  2: a5 a7 (turning at a6), d6 c7 (at c6); road b5 = 7.
  const std::string_view jfen = "3f1/5/5/5/5/5/1B3/5/5/5/5/1F3 r 0 0";
  EXPECT_EQ(all_moves(parse_jfen(jfen, with("rail_max", "2"))), from_to("b6", "a6 c6 d6 b5"));
  EXPECT_EQ(all_moves(parse_jfen(jfen, with({{"rail_max", "2"}, {"bomb_flies", "true"}}))),
            from_to("b6", "a6 c6 a5 a7 d6 c7 b5"));
}

TEST(MovegenHouseRules, AllTurnTurnsEveryPiece) {
  // The board of EngineerAttacksFirstEnemyOnEachPathAndStopsAtOwnPieces: Red E a2, P a3,
  // F b1; Blue p a7 c7 e7, c e8, f d12. By default 19 + 5 = 24 moves.
  //  8  . . . . c
  //  7  p . p . p
  //  3  P . . . .
  //  2  E . . . .
  // all_turn (可以拐直角弯路): the Engineer's 19 are unchanged; P a3 now turns too: north a4
  // a5 a6, attack a7; at a6 east b6 c6 d6 e6, attack c7 from c6 and e7 from e6; down file e
  // e5 e4 e3 e2, west along rank 2 d2 c2 b2 (own E on a2); road b3 (camp) =
  // 14 empty + 3 attacks + 1 = 18. In all 37.
  const std::string_view jfen = "3f1/5/5/5/4c/p1p1p/5/5/5/P4/E4/1F3 r 0 0";
  const MoveSet engineer = from_to("a2", "b2 c2 d2 e2 e3 e4 e5 e6 d6 c6 b6 a6 a5 a4 e7 c7 a7 a1 b3");
  const MoveSet platoon = from_to("a3", "a4 a5 a6 b6 c6 d6 e6 e5 e4 e3 e2 d2 c2 b2 a7 c7 e7 b3");
  EXPECT_EQ(platoon.size(), 18u);
  const Position pos = parse_jfen(jfen, with("all_turn", "true"));
  EXPECT_EQ(moves_from(pos, "a2"), engineer);
  EXPECT_EQ(moves_from(pos, "a3"), platoon);
  EXPECT_EQ(all_moves(pos), join(engineer, platoon));
  EXPECT_EQ(count_moves(pos), 37);
}

TEST(MovegenHouseRules, AllTurnOverridesEngineerTurns) {
  // Under all_turn, engineer_turns = false has no effect: the Engineer on a2 still turns (33),
  // and so does a platoon in its place.
  EXPECT_EQ(all_moves(parse_jfen(kEngineerA2, with({{"all_turn", "true"}, {"engineer_turns", "false"}}))),
            kTurningFromA2);
  EXPECT_EQ(all_moves(parse_jfen("3f1/5/5/5/5/5/5/5/5/5/P4/1F3 r 0 0", with("all_turn", "true"))), kTurningFromA2);
}

TEST(MovegenHouseRules, MarshalMayNotTakeTheFlag) {
  // Red M on d11 beside Blue's Flag on d12 (a headquarters). d11's links: d12, c11 and e11
  // (railway), d10 (camp); rank 11 runs west c11 b11 a11 and east e11. By default 6 moves,
  // the flag capture among them; marshal_takes_flag = false (除司令外): 5.
  const std::string_view jfen = "3f1/3M1/5/5/5/5/5/5/5/5/5/1F3 r 0 0";
  const MoveSet without_flag = from_to("d11", "c11 b11 a11 e11 d10");
  EXPECT_EQ(all_moves(parse_jfen(jfen)), join(without_flag, from_to("d11", "d12")));
  EXPECT_EQ(all_moves(parse_jfen(jfen, with("marshal_takes_flag", "false"))), without_flag);
  // Any other piece still takes it: a General in the Marshal's place has the 6.
  EXPECT_EQ(all_moves(parse_jfen("3f1/3G1/5/5/5/5/5/5/5/5/5/1F3 r 0 0", with("marshal_takes_flag", "false"))),
            join(from_to("d11", "c11 b11 a11 e11 d10"), from_to("d11", "d12")));
}

TEST(MovegenHouseRules, AFlagTheMarshalMayNotTakeStillBlocksItsRuns) {
  // Red M on a2, Blue's Flag on a5 (a railway square, as after a scattered set-up), Red F b1.
  // Straight: file a a3 a4 then the Flag; rank 2 b2 c2 d2 e2; road a1 b3. By default the Flag
  // is attacked (9 moves); marshal_takes_flag = false: it only blocks (8), nothing beyond it.
  const std::string_view jfen = "5/5/5/5/5/5/5/f4/5/5/M4/1F3 r 0 0";
  const MoveSet straight = from_to("a2", "a3 a4 b2 c2 d2 e2 a1 b3");
  EXPECT_EQ(all_moves(parse_jfen(jfen)), join(straight, from_to("a2", "a5")));
  EXPECT_EQ(all_moves(parse_jfen(jfen, with("marshal_takes_flag", "false"))), straight);
  // all_turn: the Marshal turns round the whole railway, every square but a2 and a5 (30) +
  // a1, b3 = 32, and reaches a6 from above, not through the Flag; attacking it makes 33.
  MoveSet turning = kTurningFromA2;
  turning.erase("a2-a5");
  EXPECT_EQ(all_moves(parse_jfen(jfen, with({{"all_turn", "true"}, {"marshal_takes_flag", "false"}}))), turning);
  EXPECT_EQ(all_moves(parse_jfen(jfen, with("all_turn", "true"))), kTurningFromA2);
}

}  // namespace
}  // namespace junqi::engine
