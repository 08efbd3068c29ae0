// Four-player game records: a random game written as a record line, read back field by
// field and replayed to the same final position; eliminations checked against the board;
// damaged records (a move onto an ally, a wrong seat letter, a wrong elimination) refused
// with a message naming what is wrong.

#include <gtest/gtest.h>

#include "engine/deployment.h"
#include "engine/four/deployment.h"
#include "engine/four/movegen.h"
#include "engine/four/notation.h"
#include "engine/random.h"
#include "runner/game/four_record.h"
#include "runner/game/game_text.h"
#include "runner/game/four_replay.h"
#include "tests/support/error_text.h"

namespace junqi::runner {
namespace {

namespace four = engine::four;
using testing_support::error_of;

// A game of uniformly random legal moves from random deployments, recorded as the referee
// records one: the moves with their fights, the seats out, the result; cut after `plies`.
GameRecord random_four_record(uint64_t seed, int max_plies, int plies = 1 << 30) {
  GameRecord r;
  r.id = std::to_string(seed);
  r.seed = seed;
  r.rules.kind = engine::GameKind::kFour;
  r.rules.max_plies = max_plies;
  r.red = "south-north";
  r.blue = "east-west";
  engine::Rng rng(seed);
  std::array<engine::Deployment, four::kSeats> d;
  for (int s = 0; s < four::kSeats; ++s) {
    d[s] = engine::random_deployment(rng);
    r.seat_deployments[s] = engine::deployment_string(d[s]);
    r.seat_players[s] = std::string("p") + four_seat_letter(s);
    r.seat_settings[s] = {{"kind", "random"}};
  }
  four::FourGame game(r.rules, d);
  while (!game.status().over() && int(r.moves.size()) < plies) {
    four::MoveList list;
    four::generate(game.position(), list);
    const engine::Move m = list[int(rng.below(uint64_t(list.size)))];
    const four::Step step = game.apply(m);
    r.moves.push_back(
        {m, step.outcome, engine::Piece(engine::type_of(step.attacker)), engine::Piece(engine::type_of(step.defender)), 3});
    const auto out = eliminations_of(step, int(r.moves.size()));
    r.eliminations.insert(r.eliminations.end(), out.begin(), out.end());
  }
  const four::Status status = game.status();
  r.result = four_result_name(status.result);
  r.reason = engine::reason_name(status.reason);
  return r;
}

// The first of `seeds` random games that puts a seat out.
GameRecord game_with_elimination() {
  for (uint64_t seed = 1; seed < 200; ++seed) {
    GameRecord r = random_four_record(seed, 2000);
    if (!r.eliminations.empty()) return r;
  }
  ADD_FAILURE() << "no random game put a seat out";
  return {};
}

TEST(FourRecord, RoundTripsAndReplaysToTheSameEnd) {
  const GameRecord r = game_with_elimination();
  const std::string line = to_json_line(r);
  EXPECT_NE(line.find("\"teams\":[\"south-north\",\"east-west\"]"), std::string::npos) << line;
  EXPECT_EQ(line.find("red_deployment"), std::string::npos);
  const GameRecord back = parse_record(line);
  EXPECT_EQ(back.red, r.red);
  EXPECT_EQ(back.blue, r.blue);
  EXPECT_EQ(back.seat_players, r.seat_players);
  EXPECT_EQ(back.seat_settings, r.seat_settings);
  EXPECT_EQ(back.seat_deployments, r.seat_deployments);
  EXPECT_EQ(back.eliminations, r.eliminations);
  ASSERT_EQ(back.moves.size(), r.moves.size());
  for (size_t i = 0; i < r.moves.size(); ++i) {
    EXPECT_EQ(back.moves[i].move, r.moves[i].move);
    EXPECT_EQ(back.moves[i].outcome, r.moves[i].outcome);
    EXPECT_EQ(back.moves[i].attacker, r.moves[i].attacker);
    EXPECT_EQ(back.moves[i].defender, r.moves[i].defender);
  }
  EXPECT_EQ(to_json_line(back), line);

  // The replay ends where the game did; the seats recorded out are exactly those without
  // pieces, and a team wins only with both its opponents out.
  const four::Position end = replay_four(back);
  four::Position direct = four_game_of(r).position();
  for (const MoveRecord& m : r.moves) {
    four::Position::Undo undo;
    direct.make(m.move, undo);
  }
  EXPECT_EQ(four::to_j4fen(end), four::to_j4fen(direct));
  for (int s = 0; s < four::kSeats; ++s) {
    const bool recorded_out = std::any_of(r.eliminations.begin(), r.eliminations.end(),
                                          [&](const Elimination& e) { return e.seat == s; });
    EXPECT_EQ(recorded_out, end.pieces(four::Seat(s)).empty()) << "seat " << s;
  }
  if (r.result == "1-0") {
    EXPECT_TRUE(end.team_out(1));
  }
  if (r.result == "0-1") {
    EXPECT_TRUE(end.team_out(0));
  }
}

// Independently of how the game lists them: a seat is recorded out by `flag` exactly when
// the move took its Flag, and at the ply it happened.
// Game text (`junqi replay --text`) of a four-player game reads back to the same game.
TEST(FourRecord, GameTextRoundTrips) {
  GameRecord r = game_with_elimination();
  for (MoveRecord& m : r.moves) m.ms = 0;  // game text keeps no thinking times
  const std::string text = to_game_text(r);
  EXPECT_NE(text.find("[SouthNorth \"south-north\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("[West \"pW\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("[Eliminations \"" + std::string(1, four_seat_letter(r.eliminations[0].seat)) + "@" +
                      std::to_string(r.eliminations[0].ply) + ":" + r.eliminations[0].reason),
            std::string::npos)
      << text;
  // Numbered every four plies: "1. " before the first, "2. " before the fifth.
  const std::string fifth = four_move_text(r.moves.at(4));
  EXPECT_NE(text.find("2. " + fifth), std::string::npos) << text;
  const std::vector<GameRecord> back = parse_game_text(text, "four.txt");
  ASSERT_EQ(back.size(), 1u);
  GameRecord expected = r;
  expected.seat_settings = {};  // game text keeps no settings
  expected.start_time = back[0].start_time;
  EXPECT_EQ(to_json_line(back[0]), to_json_line(expected));
  EXPECT_NO_THROW(replay_four(back[0]));

  std::string bad = text;
  const std::string tag = "[Eliminations \"";
  bad.insert(bad.find(tag) + tag.size(), "X@1:flag ");
  EXPECT_NE(error_of([&] { parse_game_text(bad, "four.txt"); }).find("Eliminations: expected SEAT@PLY:REASON"),
            std::string::npos);
}

TEST(FourRecord, FlagReasonOnlyForTheSeatWhoseFlagWasTaken) {
  for (uint64_t seed = 1; seed < 60; ++seed) {
    const GameRecord r = random_four_record(seed, 2000);
    four::Position pos = four_game_of(r).position();
    size_t next = 0;
    for (const MoveRecord& m : r.moves) {
      const engine::Piece target = pos.piece_on(engine::to_sq(m.move));
      four::Position::Undo undo;
      pos.make(m.move, undo);
      for (; next < r.eliminations.size() && r.eliminations[next].ply == pos.ply(); ++next) {
        const Elimination& e = r.eliminations[next];
        const bool flag_taken = engine::type_of(target) == engine::kFlag && four::seat_of(target) == e.seat;
        EXPECT_EQ(e.reason == "flag", flag_taken);
        EXPECT_TRUE(pos.pieces(four::Seat(e.seat)).empty());
      }
    }
    EXPECT_EQ(next, r.eliminations.size());
  }
}

TEST(FourRecord, DamagedRecordsAreRefusedByName) {
  const GameRecord r = game_with_elimination();
  GameRecord wrong_reason = r;
  wrong_reason.eliminations[0].reason = wrong_reason.eliminations[0].reason == "flag" ? "no-moves" : "flag";
  EXPECT_NE(error_of([&] { replay_four(wrong_reason); }).find("the seats went out as"), std::string::npos);

  GameRecord no_elimination = r;
  no_elimination.eliminations.clear();
  EXPECT_NE(error_of([&] { replay_four(no_elimination); }).find("the record says none"), std::string::npos);

  std::string line = to_json_line(r);
  const std::string seat = "\"seat\":\"" + std::string(1, four_seat_letter(r.eliminations[0].seat)) + "\"";
  line.replace(line.find(seat), seat.size(), "\"seat\":\"X\"");
  EXPECT_NE(error_of([&] { parse_record(line); }).find("eliminations[0].seat"), std::string::npos);
  EXPECT_NE(error_of([&] { parse_record(line); }).find("expected a seat letter"), std::string::npos);

  std::string three = to_json_line(r);
  const std::string players = "\"players\":[\"pS\",\"pE\",\"pN\",\"pW\"]";
  ASSERT_NE(three.find(players), std::string::npos);
  three.replace(three.find(players), players.size(), "\"players\":[\"pS\",\"pE\",\"pN\"]");
  EXPECT_NE(error_of([&] { parse_record(three); }).find("expected 4 entries"), std::string::npos);
}

// A piece that could take the square were its occupant an enemy may not move onto it when
// the occupant is its partner's: such a move in a record is not legal.
TEST(FourRecord, MoveOntoAnAllyIsNotLegal) {
  for (uint64_t seed = 1; seed < 40; ++seed) {
    GameRecord r = random_four_record(seed, 2000, 60);
    four::FourGame game = four_game_of(r);
    for (const MoveRecord& m : r.moves) game.apply(m.move);
    const four::Position& pos = game.position();
    if (game.status().over()) continue;
    const four::Seat us = pos.side_to_move();
    for (four::Bitboard allies = pos.pieces(four::ally_of(us)); allies;) {
      const engine::Square to = four::pop_lsb(allies);
      const engine::Piece ally = pos.piece_on(to);
      four::Position as_enemy = pos;  // the same board with the partner's piece an enemy's
      as_enemy.remove_piece(to);
      as_enemy.put_piece(to, four::make_piece(four::next_seat(us), engine::type_of(ally)));
      for (four::Bitboard ours = four::movable_pieces(pos, us); ours;) {
        const engine::Square from = four::pop_lsb(ours);
        const engine::Move m = engine::make_move(from, to);
        if (!four::is_legal(as_enemy, m)) continue;
        ASSERT_FALSE(four::is_legal(pos, m));
        r.moves.push_back({m, engine::Outcome::kAttackerWins, engine::kNoPiece, engine::kNoPiece, 0});
        EXPECT_NE(error_of([&] { replay_four(r); }).find("not a legal move"), std::string::npos);
        return;
      }
    }
  }
  FAIL() << "no position with a piece next to its partner's";
}

}  // namespace
}  // namespace junqi::runner
