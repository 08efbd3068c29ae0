// The bitboard engine against the mailbox reference of tests/reference/: the same legal
// moves, the same combat outcomes, the same game ends and the same perft counts, on
// positions from random playouts under the default rules and every movement/combat option.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "engine/deployment.h"
#include "engine/game_end.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/perft.h"
#include "engine/playout.h"
#include "engine/position.h"
#include "engine/random.h"
#include "tests/reference/mailbox_movegen.h"

namespace {

using namespace junqi::engine;
namespace ref = junqi::reference;

struct Variant {
  std::string name;
  Rules rules;
};

// The default rules, each option of RULES.md §9 that changes movement, combat or the end
// of the game, and the pairs whose interplay §9 spells out.
std::vector<Variant> variants() {
  std::vector<Variant> out;
  auto add = [&](std::vector<std::pair<std::string, std::string>> assignments) {
    Rules r;
    std::string name;
    for (const auto& [key, value] : assignments) {
      r.set(key, value);
      name += (name.empty() ? "" : " ") + key + '=' + value;
    }
    out.push_back({name.empty() ? std::string("default") : name, r});
  };
  add({});
  add({{"engineer_turns", "false"}});
  add({{"rail_max", "1"}});
  add({{"rail_max", "2"}});
  add({{"rail_max", "3"}});
  add({{"hq_exit", "true"}});
  add({{"mine", "both-die"}});
  add({{"mine", "all-die"}});
  add({{"bomb_flies", "true"}});
  add({{"bomb_flies", "true"}, {"engineer_turns", "false"}});
  add({{"all_turn", "true"}});
  add({{"all_turn", "true"}, {"engineer_turns", "false"}, {"rail_max", "3"}});
  add({{"marshal_takes_flag", "false"}});
  add({{"immobile", "at-once"}});
  add({{"immobile", "at-once"}, {"hq_exit", "true"}});
  return out;
}

// Rules with every movement, combat and end option of §9 drawn at random, so that options
// meet in combinations no list above names.
Rules random_rules(Rng& rng) {
  Rules r;
  auto coin = [&] { return rng.below(2) == 1; };
  r.engineer_turns = coin();
  r.rail_max = coin() ? 0 : 1 + int(rng.below(4));
  r.hq_exit = coin();
  r.mine = MineRule(rng.below(3));
  r.bomb_flies = coin();
  r.all_turn = coin();
  r.marshal_takes_flag = coin();
  r.immobile = coin() ? Immobile::kAtOnce : Immobile::kOnTurn;
  return r;
}

std::string describe(const Position& pos) {
  std::string s = "position ";
  s += to_jfen(pos);
  s += " rules:";
  const auto defaults = Rules{}.entries();
  const auto entries = pos.rules().entries();
  bool any = false;
  for (size_t i = 0; i < entries.size(); ++i)
    if (entries[i] != defaults[i]) {
      s += ' ';
      s += entries[i].first;
      s += '=';
      s += entries[i].second;
      any = true;
    }
  return s + (any ? "" : " default");
}

// Strings are built with += only: GCC 12 at -O3 gives a false -Wrestrict for
// "literal" + std::string.
std::string move_list(const std::vector<Move>& moves) {
  std::string s;
  for (Move m : moves) {
    s += ' ';
    s += move_string(m);
  }
  return s.empty() ? " (none)" : s;
}

std::vector<Move> engine_moves(const Position& pos) {
  MoveList list;
  generate(pos, list);
  return {list.begin(), list.end()};
}

// Duplicates of a sorted list.
std::vector<Move> duplicates(const std::vector<Move>& sorted) {
  std::vector<Move> dups;
  for (size_t i = 1; i < sorted.size(); ++i)
    if (sorted[i] == sorted[i - 1]) dups.push_back(sorted[i]);
  return dups;
}

// Same legal moves as sets, and neither generator lists a move twice.
testing::AssertionResult same_moves(const Position& pos) {
  std::vector<Move> mine = engine_moves(pos), theirs = ref::generate_moves(ref::from_position(pos));
  std::sort(mine.begin(), mine.end());
  std::sort(theirs.begin(), theirs.end());
  const auto mine_dups = duplicates(mine), theirs_dups = duplicates(theirs);
  if (mine == theirs && mine_dups.empty()) return testing::AssertionSuccess();
  std::vector<Move> only_engine, only_reference;
  std::set_difference(mine.begin(), mine.end(), theirs.begin(), theirs.end(), std::back_inserter(only_engine));
  std::set_difference(theirs.begin(), theirs.end(), mine.begin(), mine.end(), std::back_inserter(only_reference));
  return testing::AssertionFailure() << describe(pos) << "\n  only the engine generates:" << move_list(only_engine)
                                     << "\n  only the reference generates:" << move_list(only_reference)
                                     << "\n  engine duplicates:" << move_list(mine_dups)
                                     << "\n  reference duplicates:" << move_list(theirs_dups);
}

// The engine position and the reference position agree square by square and in the
// side to move and both counters.
testing::AssertionResult same_position(const Position& pos, const ref::MailboxPosition& r) {
  std::ostringstream diff;
  for (int s = 0; s < Board::kSquares; ++s)
    if (pos.piece_on(Square(s)) != r.board[s])
      diff << ' ' << square_name(Square(s)) << ": engine '" << piece_char(pos.piece_on(Square(s)))
           << "' reference '" << piece_char(r.board[s]) << "'";
  if (pos.side_to_move() != r.side) diff << " side to move";
  if (pos.quiet_plies() != r.quiet_plies) diff << " quiet_plies " << pos.quiet_plies() << " vs " << r.quiet_plies;
  if (pos.ply() != r.ply) diff << " ply " << pos.ply() << " vs " << r.ply;
  if (diff.str().empty()) return testing::AssertionSuccess();
  return testing::AssertionFailure() << "after the move, engine " << describe(pos) << "\n  differs:" << diff.str();
}

// Removes random pieces (never the flag, never an engineer) until each side has at most
// `keep`, so that engineers have long empty railway runs as late in a game.
void thin_out(Position& pos, Rng& rng, int keep) {
  for (Color c : {kRed, kBlue}) {
    std::vector<Square> removable;
    int count = 0;
    for (int s = 0; s < Board::kSquares; ++s) {
      const Piece p = pos.piece_on(Square(s));
      if (p == kNoPiece || color_of(p) != c) continue;
      ++count;
      if (type_of(p) != kFlag && type_of(p) != kEngineer) removable.push_back(Square(s));
    }
    while (count > keep && !removable.empty()) {
      const size_t i = size_t(rng.below(removable.size()));
      pos.remove_piece(removable[i]);
      removable[i] = removable.back();
      removable.pop_back();
      --count;
    }
  }
}

// Plays one random game, comparing the generators at every ply and the positions after
// every move. Stops the game at the first disagreement so one bug does not flood the log.
// Returns the number of plies played.
int play_and_compare(Position pos, Rng& rng, int max_plies) {
  ref::MailboxPosition r = ref::from_position(pos);
  for (int i = 0; i < max_plies; ++i) {
    const bool over = status_without_movegen(pos).over();
    EXPECT_EQ(over, ref::game_over(r)) << describe(pos);
    if (over) return i;
    const testing::AssertionResult same = same_moves(pos);
    EXPECT_TRUE(same);
    if (!same) return i;
    MoveList list;
    generate(pos, list);
    if (list.size == 0) return i;
    const Move m = list[int(rng.below(uint64_t(list.size)))];
    const std::string before = describe(pos);
    Position::Undo undo;
    pos.make(m, undo);
    ref::make_move(r, m);
    const testing::AssertionResult agree = same_position(pos, r);
    EXPECT_TRUE(agree) << "move " << move_string(m) << " from " << before;
    if (!agree) return i;
  }
  return max_plies;
}

TEST(Reference, BoardHasTheLinksOfTheSpec) {
  const ref::LinkCounts counts = ref::link_counts();
  EXPECT_EQ(counts.all, 133);
  EXPECT_EQ(counts.railway, 35);
}

TEST(Reference, LoneEngineerReachesEveryRailwaySquare) {
  // 32 railway squares: ranks 2, 6, 7, 11 (20) and files a, e at ranks 3-5, 8-10 (12).
  // From a6 the engineer reaches the 31 others, and steps diagonally into the camp b5.
  Position pos = parse_jfen("1f3/5/5/5/5/5/E4/5/5/5/5/1F3 r 0 0");
  EXPECT_EQ(ref::generate_moves(ref::from_position(pos)).size(), 32u);
  pos.set_rules([] { Rules r; r.engineer_turns = false; return r; }());
  // Straight only: a2..a11 except a6 (9), b6..e6 (4), and the camp b5.
  EXPECT_EQ(ref::generate_moves(ref::from_position(pos)).size(), 14u);
}

TEST(Differential, PlayoutsUnderEveryVariant) {
  constexpr int kGamesPerVariant = 60;
  int plies = 0;
  uint64_t seed = 1000;
  for (const Variant& v : variants()) {
    SCOPED_TRACE(v.name);
    for (int g = 0; g < kGamesPerVariant; ++g) {
      Rng rng(++seed);
      const Deployment red = random_deployment(rng), blue = random_deployment(rng);
      plies += play_and_compare(start_position(red, blue, v.rules), rng, 1000);
      if (HasFailure()) return;
    }
  }
  RecordProperty("plies", plies);
  EXPECT_GT(plies, 10000);
}

TEST(Differential, LateGamePlayoutsUnderEveryVariant) {
  // Few pieces, a long no-capture limit: engineers and runners cross the whole board.
  constexpr int kGamesPerVariant = 20;
  uint64_t seed = 5000;
  for (Variant v : variants()) {
    SCOPED_TRACE(v.name);
    v.rules.no_capture_draw = 200;
    for (int g = 0; g < kGamesPerVariant; ++g) {
      Rng rng(++seed);
      Position pos = random_position(rng, 30, v.rules);
      thin_out(pos, rng, 4 + g % 5);
      pos.set_counters(0, pos.ply());
      play_and_compare(pos, rng, 300);
      if (HasFailure()) return;
    }
  }
}

// Pieces dropped on random squares, camps and headquarters included, with random counts
// and side to move: configurations play rarely reaches (a piece in the enemy's
// headquarters, an enemy in a camp beside the railway, a crowded railway).
Position scattered_position(Rng& rng, const Rules& rules) {
  Position pos;
  for (Color c : {kRed, kBlue}) {
    const int pieces = 2 + int(rng.below(20));
    for (int i = 0; i < pieces; ++i) {
      // The flag first, so each side has one and the game is not over.
      const PieceType t = i == 0 ? kFlag : PieceType(rng.below(kFlag));
      if (popcount(pos.pieces(c, t)) >= kPieceCount[t]) continue;
      Square s;
      do s = Square(rng.below(Board::kSquares));
      while (pos.piece_on(s) != kNoPiece);
      pos.put_piece(s, make_piece(c, t));
    }
  }
  pos.set_side_to_move(rng.below(2) ? kBlue : kRed);
  pos.set_rules(rules);
  return pos;
}

// The same moves in pos, and after each of them (so every kind of fight) the same position
// and the same verdict on whether the game is over.
void compare_every_move(const Position& pos) {
  ASSERT_TRUE(same_moves(pos));
  for (Move m : engine_moves(pos)) {
    Position after = pos;
    Position::Undo undo;
    after.make(m, undo);
    ref::MailboxPosition r = ref::from_position(pos);
    ref::make_move(r, m);
    ASSERT_TRUE(same_position(after, r)) << "move " << move_string(m) << " from " << describe(pos);
    ASSERT_EQ(status_without_movegen(after).over(), ref::game_over(r)) << describe(after);
  }
}

TEST(Differential, ScatteredPositionsUnderEveryVariant) {
  constexpr int kPositionsPerVariant = 400;
  uint64_t seed = 20000;
  for (const Variant& v : variants()) {
    SCOPED_TRACE(v.name);
    for (int i = 0; i < kPositionsPerVariant; ++i) {
      Rng rng(++seed);
      compare_every_move(scattered_position(rng, v.rules));
      if (HasFailure()) return;
    }
  }
}

TEST(Differential, RandomOptionMixes) {
  // Scattered positions (every move made and compared) and playouts, each under its own
  // random mix of options.
  for (uint64_t seed = 40000; seed < 40600; ++seed) {
    Rng rng(seed);
    const Rules rules = random_rules(rng);
    compare_every_move(scattered_position(rng, rules));
    if (HasFailure()) return;
  }
  for (uint64_t seed = 50000; seed < 50040; ++seed) {
    Rng rng(seed);
    const Rules rules = random_rules(rng);
    const Deployment red = random_deployment(rng), blue = random_deployment(rng);
    play_and_compare(start_position(red, blue, rules), rng, 400);
    if (HasFailure()) return;
  }
}

// perft of the reference at `depth`; on a mismatch, the root move whose subtree differs.
testing::AssertionResult same_perft(Position pos, int depth) {
  const uint64_t expected = ref::perft(ref::from_position(pos), depth, true);
  const uint64_t bulk = perft(pos, depth, true), full = perft(pos, depth, false);
  if (bulk == expected && full == expected) return testing::AssertionSuccess();
  auto failure = testing::AssertionFailure();
  failure << describe(pos) << "\n  perft(" << depth << ") reference " << expected << ", engine bulk " << bulk
          << ", engine full " << full;
  for (const DivideEntry& e : perft_divide(pos, depth, true)) {
    Position child = pos;
    Position::Undo undo;
    child.make(e.move, undo);
    const uint64_t r = ref::perft(ref::from_position(child), depth - 1, true);
    if (r != e.nodes) failure << "\n  first differing root move " << move_string(e.move) << ": engine " << e.nodes
                              << ", reference " << r;
    if (r != e.nodes) break;
  }
  return failure;
}

TEST(Differential, Perft3AgreesOnMidAndLateGamePositions) {
  const std::vector<Variant> all = variants();
  int checked = 0;
  for (size_t vi = 0; vi < all.size(); ++vi) {
    // Every variant gets a mid-game and a late-game position; the default rules a few more.
    const int count = vi == 0 ? 8 : 3;
    for (int i = 0; i < count; ++i) {
      Rng rng(9000 + 100 * vi + uint64_t(i));
      Position pos = random_position(rng, 10 + 25 * i, all[vi].rules);
      if (i % 2 == 1) {
        thin_out(pos, rng, 5 + i % 3);
        pos.set_counters(0, pos.ply());
      }
      if (status_without_movegen(pos).over()) continue;
      EXPECT_TRUE(same_perft(pos, 3));
      ++checked;
    }
  }
  EXPECT_GE(checked, 24);
}

TEST(Differential, PerftCountsFinishedGamesAsZero) {
  // Blue's flag is gone: perft is 0 at every depth >= 1 on both sides.
  Position pos = parse_jfen("5/5/5/5/5/5/E4/5/5/5/5/1F3 r 0 0");
  EXPECT_EQ(perft(pos, 2), 0u);
  EXPECT_EQ(ref::perft(ref::from_position(pos), 2, true), 0u);
  EXPECT_EQ(ref::perft(ref::from_position(pos), 0, true), 1u);
  // The no-capture draw and max_plies end the game as well.
  pos = parse_jfen("1f3/5/5/5/5/5/E4/5/5/5/5/1F3 r 70 100");
  EXPECT_EQ(perft(pos, 1), 0u);
  EXPECT_EQ(ref::perft(ref::from_position(pos), 1, true), 0u);
  pos = parse_jfen("1f3/5/5/5/5/5/E4/5/5/5/5/1F3 r 0 1000");
  EXPECT_EQ(perft(pos, 1), 0u);
  EXPECT_EQ(ref::perft(ref::from_position(pos), 1, true), 0u);
}

TEST(Differential, ReferenceBulkAndFullPerftAgree) {
  Rng rng(77);
  const Position pos = random_position(rng, 40);
  const ref::MailboxPosition r = ref::from_position(pos);
  EXPECT_EQ(ref::perft(r, 2, true), ref::perft(r, 2, false)) << describe(pos);
}

}  // namespace
