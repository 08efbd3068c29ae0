// Combat (RULES.md §5) played through Position::make: the outcome returned, which piece
// is left on the square, the no-capture counter reset, and unmake restoring everything.

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/game_end.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/perft.h"

namespace junqi::engine {
namespace {

Square sq(std::string_view name) { return parse_square(name).value(); }

// Red `attacker` on a5 against Blue `defender` on a6 (a5-a6 is a railway link), flags on
// b1 and d12, 17 quiet plies, ply 40.
std::string duel(char attacker, char defender) {
  return std::string("3f1/5/5/5/5/5/") + defender + "4/" + attacker + "4/5/5/5/1F3 r 17 40";
}

struct Expect {
  Outcome outcome;
  char on_to;  // piece_char left on the attacked square ('.' = empty)
};

// Plays `move` in `jfen`, checks the result, unmakes and checks the position is restored.
void play_and_undo(const std::string& jfen, std::string_view move, const Rules& rules, Expect e) {
  SCOPED_TRACE(jfen + " " + std::string(move));
  Position pos = parse_jfen(jfen, rules);
  const Position before = pos;
  const Move m = parse_move(move);
  ASSERT_TRUE(is_legal(pos, m));
  Position::Undo undo;
  EXPECT_EQ(pos.make(m, undo), e.outcome);
  EXPECT_EQ(pos.piece_on(from_sq(m)), kNoPiece);  // the attacker always leaves its square
  EXPECT_EQ(piece_char(pos.piece_on(to_sq(m))), e.on_to);
  EXPECT_EQ(pos.quiet_plies(), 0);  // every fight removes a piece
  EXPECT_EQ(pos.ply(), before.ply() + 1);
  EXPECT_EQ(pos.side_to_move(), kBlue);
  EXPECT_EQ(pos.hash(), pos.compute_hash());
  pos.unmake(undo);
  EXPECT_TRUE(pos == before);
  EXPECT_EQ(pos.hash(), before.hash());
  EXPECT_EQ(to_jfen(pos), jfen);
}

void duel_case(char attacker, char defender, Expect e, const Rules& rules = {}) {
  play_and_undo(duel(attacker, defender), "a5-a6", rules, e);
}

Rules with_mine(std::string_view value) {
  Rules r;
  r.set("mine", value);
  return r;
}

TEST(Combat, QuietMoveCountsAQuietPly) {
  // Control: moving to an empty square raises quiet plies 17 -> 18.
  Position pos = parse_jfen("3f1/5/5/5/5/5/5/M4/5/5/5/1F3 r 17 40");
  Position::Undo undo;
  EXPECT_EQ(pos.make(parse_move("a5-a6"), undo), Outcome::kQuiet);
  EXPECT_EQ(pos.quiet_plies(), 18);
  EXPECT_EQ(piece_char(pos.piece_on(sq("a6"))), 'M');
}

TEST(Combat, OfficersAndEngineersByRank) {
  // RULES.md §2 rank order, written here independently of the engine's enum:
  // M 9, G 8, D 7, R 6, T 5, Y 4, C 3, P 2, E 1. Higher removes lower; equal both die.
  const std::string_view letters = "MGDRTYCPE";
  const int rank[] = {9, 8, 7, 6, 5, 4, 3, 2, 1};
  for (size_t a = 0; a < letters.size(); ++a)
    for (size_t d = 0; d < letters.size(); ++d) {
      const char att = letters[a], def = char(letters[d] - 'A' + 'a');
      if (rank[a] > rank[d])
        duel_case(att, def, {Outcome::kAttackerWins, att});
      else if (rank[a] < rank[d])
        duel_case(att, def, {Outcome::kDefenderWins, def});
      else
        duel_case(att, def, {Outcome::kBothDie, '.'});
    }
}

TEST(Combat, BombDiesWithWhatItMeets) {
  for (char other : std::string_view("MGDRTYCPE")) {
    duel_case('B', char(other - 'A' + 'a'), {Outcome::kBothDie, '.'});  // bomb attacking
    duel_case(other, 'b', {Outcome::kBothDie, '.'});                    // bomb attacked
  }
  duel_case('B', 'b', {Outcome::kBothDie, '.'});
}

TEST(Combat, Landmine) {
  // Engineer removes the mine and survives, under either mine rule.
  duel_case('E', 'l', {Outcome::kAttackerWins, 'E'});
  duel_case('E', 'l', {Outcome::kAttackerWins, 'E'}, with_mine("both-die"));
  // Bomb dies with the mine, under either rule.
  duel_case('B', 'l', {Outcome::kBothDie, '.'});
  duel_case('B', 'l', {Outcome::kBothDie, '.'}, with_mine("both-die"));
  // Any other attacker, even the Field Marshal: mine = attacker-dies (default) -> the
  // attacker dies and the mine stays; mine = both-die -> both die.
  for (char other : std::string_view("MGDRTYCP")) {
    duel_case(other, 'l', {Outcome::kDefenderWins, 'l'});
    duel_case(other, 'l', {Outcome::kBothDie, '.'}, with_mine("both-die"));
  }
}

TEST(Combat, LandmineAllDie) {
  // mine = all-die (炸弹雷): the mine goes off under every attacker, the Engineer included;
  // both are removed. A Bomb dies with it as always.
  for (char attacker : std::string_view("MGDRTYCPEB"))
    duel_case(attacker, 'l', {Outcome::kBothDie, '.'}, with_mine("all-die"));
  // What a mine is attacked by is all the option changes: a mine never attacks, and fights
  // between other pieces stay as they were.
  duel_case('E', 'p', {Outcome::kDefenderWins, 'p'}, with_mine("all-die"));
  duel_case('M', 'g', {Outcome::kAttackerWins, 'M'}, with_mine("all-die"));
  duel_case('B', 'm', {Outcome::kBothDie, '.'}, with_mine("all-die"));
}

TEST(Combat, PerftAfterAnEngineerMeetsAMine) {
  // Red: E in camp b5, F b1. Blue: l a6, r a9, f d12. Red to move.
  //  9  r . . . .
  //  6  l . . . .
  //  5  . E . . .
  // E b5 (a camp, off the railway) steps to b4 b6 a5 c5 and diagonally a4 c4 c6, or attacks
  // the mine on a6 (diagonal) = 8. Blue's r a9 then: by road b9 and the camps b8, b10 (both
  // diagonal to a9), up the file a10 a11, down a8 a7 until the own mine a6 = 7; after each of
  // Red's 7 quiet moves that is 49.
  // After E x a6: attacker-dies and both-die, the Engineer clears the mine and stands on a6:
  // r has a8 a7, attacks a6, a10 a11, b9 b8 b10 = 8, so perft(2) = 57. all-die, both gone:
  // r runs down to a2 (a8 a7 a6 a5 a4 a3 a2) = 12, perft(2) = 61. all-die with immobile =
  // at-once: Red is left with its Flag alone and has lost at once, so 49.
  const std::string_view jfen = "3f1/5/5/r4/5/5/l4/1E3/5/5/5/1F3 r 0 0";
  for (const auto& [mine, expected] : {std::pair{"attacker-dies", 57u}, {"both-die", 57u}, {"all-die", 61u}}) {
    Position pos = parse_jfen(jfen, with_mine(mine));
    EXPECT_EQ(perft(pos, 1), 8u) << mine;
    EXPECT_EQ(perft(pos, 2), expected) << mine;
    EXPECT_EQ(perft(pos, 2, false), expected) << mine;
  }
  Rules all_die_at_once = with_mine("all-die");
  all_die_at_once.set("immobile", "at-once");
  Position pos = parse_jfen(jfen, all_die_at_once);
  EXPECT_EQ(perft(pos, 2), 49u);
}

TEST(Combat, MineRuleTable) {
  // fight() itself over the three mine rules, attacker by attacker against a Landmine
  // (RULES.md §5 and §9): who is left standing.
  struct Row {
    PieceType attacker;
    Outcome attacker_dies, both_die, all_die;
  };
  const Outcome kA = Outcome::kAttackerWins, kD = Outcome::kDefenderWins, kB = Outcome::kBothDie;
  for (const Row& row : {Row{kEngineer, kA, kA, kB}, Row{kBomb, kB, kB, kB}, Row{kMarshal, kD, kB, kB},
                         Row{kPlatoon, kD, kB, kB}}) {
    EXPECT_EQ(fight(row.attacker, kMine, MineRule::kAttackerDies), row.attacker_dies) << int(row.attacker);
    EXPECT_EQ(fight(row.attacker, kMine, MineRule::kBothDie), row.both_die) << int(row.attacker);
    EXPECT_EQ(fight(row.attacker, kMine, MineRule::kAllDie), row.all_die) << int(row.attacker);
  }
}

TEST(Combat, MarshalAndFlag) {
  // marshal_takes_flag = false: Red M on d11 may not attack Blue's Flag on d12, the General
  // may; by default the Marshal takes it like anyone and Red wins by flag.
  Rules no_marshal;
  no_marshal.set("marshal_takes_flag", "false");
  EXPECT_FALSE(is_legal(parse_jfen("3f1/3M1/5/5/5/5/5/5/5/5/5/1F3 r 5 9", no_marshal), parse_move("d11-d12")));
  play_and_undo("3f1/3G1/5/5/5/5/5/5/5/5/5/1F3 r 5 9", "d11-d12", no_marshal, {Outcome::kAttackerWins, 'G'});
  play_and_undo("3f1/3M1/5/5/5/5/5/5/5/5/5/1F3 r 5 9", "d11-d12", {}, {Outcome::kAttackerWins, 'M'});
  // Blue's Marshal likewise may not take Red's Flag on b1 from b2.
  EXPECT_FALSE(is_legal(parse_jfen("3f1/5/5/5/5/5/5/5/5/5/1m3/1F3 b 5 9", no_marshal), parse_move("b2-b1")));
  EXPECT_TRUE(is_legal(parse_jfen("3f1/5/5/5/5/5/5/5/5/5/1m3/1F3 b 5 9"), parse_move("b2-b1")));
}

TEST(Combat, FlagCapture) {
  // Red piece on d11 takes Blue's flag on d12. An officer or engineer stands on d12; a
  // bomb dies with the flag. Either way Blue has no flag: Red wins by flag.
  for (auto [attacker, e] : {std::pair{'M', Expect{Outcome::kAttackerWins, 'M'}},
                             {'P', Expect{Outcome::kAttackerWins, 'P'}},
                             {'E', Expect{Outcome::kAttackerWins, 'E'}},
                             {'B', Expect{Outcome::kBothDie, '.'}}}) {
    const std::string jfen = std::string("3f1/3") + attacker + "1/5/5/5/5/5/5/5/5/5/1F3 r 5 9";
    play_and_undo(jfen, "d11-d12", {}, e);
    Position pos = parse_jfen(jfen);
    Position::Undo undo;
    pos.make(parse_move("d11-d12"), undo);
    const GameStatus st = game_status(pos);
    EXPECT_EQ(st.result, Result::kRedWins) << attacker;
    EXPECT_EQ(st.reason, EndReason::kFlag) << attacker;
  }
}

TEST(Combat, BlueAttacksToo) {
  // The same rules from Blue's side: Blue g on a7 attacks Red D on a6 (a7-a6 railway).
  Position pos = parse_jfen("3f1/5/5/5/5/g4/D4/5/5/5/5/1F3 b 3 7");
  const Position before = pos;
  Position::Undo undo;
  EXPECT_EQ(pos.make(parse_move("a7-a6"), undo), Outcome::kAttackerWins);
  EXPECT_EQ(piece_char(pos.piece_on(sq("a6"))), 'g');
  EXPECT_EQ(pos.pieces(kRed, kDivision), 0u);
  EXPECT_EQ(pos.quiet_plies(), 0);
  EXPECT_EQ(pos.side_to_move(), kRed);
  pos.unmake(undo);
  EXPECT_TRUE(pos == before);
  EXPECT_EQ(pos.hash(), before.hash());
}

}  // namespace
}  // namespace junqi::engine
