// Four-player positions: seats going out (flag taken, no legal move on their turn, and
// immobile = at-once), the turn passing over them, team wins, draws, make/unmake, and
// perft against the independently derived counts of issue 16 and hand counts.

#include "engine/four/position.h"

#include <gtest/gtest.h>

#include "engine/four/movegen.h"
#include "engine/four/notation.h"
#include "engine/four/playout.h"
#include "engine/perft.h"
#include "tests/support/four_positions.h"

namespace junqi::engine::four {
namespace {

using testing_support::four_position;

Move move(const char* text) { return four::parse_move(text); }

Rules rule(const char* key, const char* value) {
  Rules r;
  r.set(key, value);
  return r;
}

// Every seat with its Flag on b1 and a Platoon on c3 (four road steps: c2, c4, b3, d3),
// East with only a Flag and a Landmine, so it cannot move.
constexpr const char* kEastStuck = "sF@Sb1 sP@Sc3 eF@Eb1 eL@Ea1 nF@Nb1 nP@Nc3 wF@Wb1 wP@Wc3";

TEST(FourPosition, SeatWithNoMoveIsOutOnItsTurn) {
  Position pos = four_position(kEastStuck, kSouth);
  EXPECT_TRUE(pos.in_game(kEast));  // not its turn yet
  const Position before = pos;
  Position::Undo undo;
  pos.make(move("Sc3-Sc2"), undo);
  // East's turn came, it had no move: out, its pieces gone, North to move, no ply for East.
  EXPECT_FALSE(pos.in_game(kEast));
  EXPECT_TRUE(pos.pieces(kEast).empty());
  EXPECT_EQ(pos.side_to_move(), kNorth);
  EXPECT_EQ(pos.ply(), 11);
  EXPECT_EQ(pos.quiet_plies(), 0);  // pieces left the board
  EXPECT_EQ(pos.hash(), pos.compute_hash());
  EXPECT_FALSE(status_without_movegen(pos).over());
  pos.unmake(undo);
  EXPECT_EQ(pos, before);
  EXPECT_EQ(pos.hash(), before.hash());
  // perft: 4 South moves, then North's 4 (East skipped), West's 4, then South again with
  // its Platoon on Sc2 (Sc1 Sc3, camps Sb3 Sd3, the rank: Sa2 Sb2 Sd2 Se2), on a camp
  // (Sc4: 4 orthogonal + 4 diagonal; Sb3, Sd3 likewise): 8 each.
  EXPECT_EQ(perft(pos, 1), 4u);
  EXPECT_EQ(perft(pos, 2), 16u);
  EXPECT_EQ(perft(pos, 3), 64u);
  EXPECT_EQ(perft(pos, 4, false), 512u);
}

TEST(FourPosition, SeatToMoveWithNoMoveIsOutWhenSetUp) {
  const Position pos = four_position(kEastStuck, kEast);
  EXPECT_FALSE(pos.in_game(kEast));
  EXPECT_EQ(pos.side_to_move(), kNorth);
}

TEST(FourPosition, EliminatedSeatIsSkipped) {
  // West is out (issue 16's third position): South, East, North, South, ...
  Position pos = four_position("sF@Sb1 sP@Sc3 eF@Eb1 eP@Ec3 nF@Nb1 nP@Nc3", kSouth);
  Position::Undo u1, u2, u3;
  pos.make(move("Sc3-Sc2"), u1);
  EXPECT_EQ(pos.side_to_move(), kEast);
  pos.make(move("Ec3-Ec2"), u2);
  EXPECT_EQ(pos.side_to_move(), kNorth);
  pos.make(move("Nc3-Nc2"), u3);
  EXPECT_EQ(pos.side_to_move(), kSouth);
}

TEST(FourPosition, FlagTakenPutsItsSeatOut) {
  // South's Marshal on Ea1 takes East's Flag on Eb1: East is out and its Company leaves the
  // board; West is still in, so the game goes on with North.
  Position pos = four_position("sF@Sb1 sM@Ea1 eF@Eb1 eC@Ec3 nF@Nb1 nP@Nc3 wF@Wb1 wP@Wc3", kSouth);
  const Position before = pos;
  Position::Undo undo;
  EXPECT_EQ(pos.make(move("Ea1-Eb1"), undo), Outcome::kAttackerWins);
  EXPECT_FALSE(pos.in_game(kEast));
  EXPECT_TRUE(pos.pieces(kEast).empty());
  EXPECT_EQ(pos.piece_on(*parse_square("Eb1")), make_piece(kSouth, kMarshal));
  EXPECT_EQ(pos.side_to_move(), kNorth);
  EXPECT_FALSE(status_without_movegen(pos).over());
  pos.unmake(undo);
  EXPECT_EQ(pos, before);
}

TEST(FourPosition, TeamWinsWhenBothOpponentsAreOut) {
  // West already out; South takes East's Flag: South and North win.
  Position pos = four_position("sF@Sb1 sM@Ea1 eF@Eb1 eC@Ec3 nF@Nb1 nP@Nc3", kSouth);
  // Ea1-Ea2 then East's Company has 4 moves; Ea1xEb1 ends the game: perft(2) = 4.
  EXPECT_EQ(perft(pos, 1), 2u);
  EXPECT_EQ(perft(pos, 2), 4u);
  Position::Undo undo;
  pos.make(move("Ea1-Eb1"), undo);
  const Status s = status_without_movegen(pos);
  EXPECT_EQ(s.result, Result::kSouthNorthWins);
  EXPECT_EQ(s.reason, EndReason::kFlag);
  EXPECT_EQ(perft(pos, 1), 0u);
  // A Bomb that takes the Flag dies with it; the seat is out all the same.
  Position bomb = four_position("sF@Sb1 sB@Ea1 sP@Sc3 eF@Eb1 eC@Ec3 nF@Nb1 nP@Nc3", kSouth);
  EXPECT_EQ(bomb.make(move("Ea1-Eb1"), undo), Outcome::kBothDie);
  EXPECT_EQ(status_without_movegen(bomb).result, Result::kSouthNorthWins);
}

TEST(FourPosition, TeamLosesWhenItsLastSeatCannotMove) {
  // West out, East stuck: South's move ends the game (East's turn, no move).
  Position pos = four_position("sF@Sb1 sP@Sc3 eF@Eb1 eL@Ea1 nF@Nb1 nP@Nc3", kSouth);
  Position::Undo undo;
  pos.make(move("Sc3-Sc2"), undo);
  const Status s = status_without_movegen(pos);
  EXPECT_EQ(s.result, Result::kSouthNorthWins);
  EXPECT_EQ(s.reason, EndReason::kNoMoves);
  EXPECT_EQ(perft(pos, 1), 0u);
}

TEST(FourPosition, ImmobileAtOnce) {
  // South's Bomb on Sa2 attacks East's Platoon on Sa3: both die and South has nothing that
  // can ever move. Under at-once South is out at once; by default only on its turn.
  const char* pieces = "sF@Sb1 sB@Sa2 eF@Eb1 eP@Sa3 eP@Ec3 nF@Nb1 nP@Nc3 wF@Wb1 wP@Wc3";
  Position on_turn = four_position(pieces, kSouth);
  Position at_once = four_position(pieces, kSouth, rule("immobile", "at-once"));
  Position::Undo undo;
  on_turn.make(move("Sa2-Sa3"), undo);
  at_once.make(move("Sa2-Sa3"), undo);
  EXPECT_TRUE(on_turn.in_game(kSouth));
  EXPECT_FALSE(at_once.in_game(kSouth));
  EXPECT_EQ(at_once.out_reason(), EndReason::kNoMovablePieces);
  EXPECT_EQ(at_once.side_to_move(), kEast);
  // On its turn South is out in the default game too: East, North, West move first.
  for (const char* m : {"Ec3-Ec2", "Nc3-Nc2", "Wc3-Wc2"}) on_turn.make(move(m), undo);
  EXPECT_FALSE(on_turn.in_game(kSouth));
  EXPECT_EQ(on_turn.side_to_move(), kEast);
}

TEST(FourPosition, Draws) {
  // quiet-plies at the no-capture limit, or ply at max_plies: drawn, no moves counted.
  EXPECT_EQ(status_without_movegen(four_position(kEastStuck, kSouth, {}, 70)).reason,
            EndReason::kNoCaptureDraw);
  Position drawn = four_position(kEastStuck, kSouth, {}, 70);
  EXPECT_EQ(perft(drawn, 1), 0u);
  Rules short_game = rule("max_plies", "11");
  Position pos = four_position(kEastStuck, kSouth, short_game);
  Position::Undo undo;
  pos.make(move("Sc3-Sc2"), undo);  // ply 11: drawn before East's turn, so East stays in
  EXPECT_EQ(status_without_movegen(pos).reason, EndReason::kMaxPlies);
  EXPECT_TRUE(pos.in_game(kEast));
  // One quiet ply short of the no-capture draw: every quiet South move draws.
  Position nearly = four_position(kEastStuck, kSouth, {}, 69);
  EXPECT_EQ(perft(nearly, 1), 4u);
  EXPECT_EQ(perft(nearly, 2), 0u);
}

TEST(FourPerft, IssueCounts) {
  // Issue 16's three positions, with counts derived independently of this engine.
  struct Case {
    const char* j4fen;
    uint64_t counts[3];
  };
  const Case cases[] = {
      {"DPPEE/B1Y1M/RC1GB/P1T1C/DLELR/CFLYT|YECDE/C1R1P/PT1BB/T1M1C/YLLRL/EDGFP|PYCPE/T1Y1T/DM1CE/B1G1P/"
       "RELLL/CFRDB|"
       "CCYPP/E1E1R/TB1TE/D1G1C/DBMLR/YLLFP|3/3/3 s 0 0",
       {52, 2620, 130619}},
      {"2P1M/P1YG1/R2B1/DPTCC/CLELR/1FLYT|R3wE/C2C1/1T1B1/TPMC1/YLLRL/EDGFP|1Y1P1/1Y1CT/DM1C1/1BGEP/RELLL/"
       "CFRDB|"
       "1CeE1R/1TE2/1B1TE/DG1YC/DBMLR/YLLFP|1wCeY/1wP1/sB2 s 18 60",
       {42, 1954, 71840}},
      {"5/1Y3/2D2/1DP2/L2CL/LFETE|5/2nDT1/3E1/1T3/1R1L1/LFGLM|3C1/1B3/2B2/2T2/2L1L/LFPYY|2sC2/5/5/4sM/5/5|3/"
       "3/3 s 0 431",
       {51, 1071, 24817}},
  };
  for (const Case& c : cases) {
    Position pos = parse_j4fen(c.j4fen);
    for (int depth = 1; depth <= 3; ++depth) {
      EXPECT_EQ(perft(pos, depth), c.counts[depth - 1]) << c.j4fen << " depth " << depth;
      EXPECT_EQ(perft(pos, depth, false), c.counts[depth - 1]) << c.j4fen << " depth " << depth << " full";
    }
    uint64_t divided = 0;
    for (const auto& e : perft_divide(pos, 2)) divided += e.nodes;
    EXPECT_EQ(divided, c.counts[1]);
    EXPECT_EQ(to_j4fen(pos), c.j4fen);
  }
}

// Along random games under several rule sets: make/unmake restores the position and its
// hash, the hash is the recomputed one, generate/count_moves/is_legal agree, after make
// the game is over or the seat to move can move, a seat is in exactly while it has
// pieces, and the J4FEN of every position reads back to it.
TEST(FourPosition, RandomGameInvariants) {
  std::vector<Rules> rule_sets(5);
  rule_sets[1].set("all_turn", "true");
  rule_sets[2].set("rail_max", "3");
  rule_sets[2].set("mine", "both-die");
  rule_sets[3].set("hq_exit", "true");
  rule_sets[3].set("immobile", "at-once");
  rule_sets[4].set("bomb_flies", "true");
  rule_sets[4].set("marshal_takes_flag", "false");
  rule_sets[4].set("engineer_turns", "false");
  int finished = 0;
  for (size_t r = 0; r < rule_sets.size(); ++r)
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      Rng rng(seed * 7919 + r);
      Position pos = random_position(rng, 0, rule_sets[r]);
      MoveList list;
      for (int ply = 0; ply < 1000 && !status_without_movegen(pos).over(); ++ply) {
        generate(pos, list);
        ASSERT_GT(list.size, 0) << to_j4fen(pos);
        ASSERT_EQ(count_moves(pos), list.size);
        for (Move m : list) ASSERT_TRUE(is_legal(pos, m)) << four::move_string(m);
        const Position before = pos;
        const Move m = list[int(rng.below(uint64_t(list.size)))];
        Position::Undo undo;
        pos.make(m, undo);
        ASSERT_EQ(pos.hash(), pos.compute_hash());
        for (int s = 0; s < kSeats; ++s) ASSERT_EQ(pos.in_game(Seat(s)), !pos.pieces(Seat(s)).empty());
        ASSERT_TRUE(status_without_movegen(pos).over() || count_moves(pos) > 0);
        ASSERT_EQ(parse_j4fen(to_j4fen(pos), rule_sets[r]), pos) << to_j4fen(pos);
        Position undone = pos;
        undone.unmake(undo);
        ASSERT_EQ(undone, before) << four::move_string(m);
        ASSERT_EQ(undone.hash(), before.hash());
      }
      finished += status_without_movegen(pos).over();
    }
  EXPECT_GT(finished, 0);
}

}  // namespace
}  // namespace junqi::engine::four
