// End of game (RULES.md §6) through game_status / status_without_movegen, and the perft
// convention for finished games (engine/perft.h).

#include "engine/game_end.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/notation.h"
#include "engine/perft.h"

namespace junqi::engine {
namespace {

Rules with(std::string_view key, std::string_view value) {
  Rules r;
  r.set(key, value);
  return r;
}

void expect_status(const Position& pos, Result result, EndReason reason) {
  const GameStatus st = game_status(pos);
  EXPECT_EQ(st.result, result) << to_jfen(pos);
  EXPECT_EQ(st.reason, reason) << to_jfen(pos);
  EXPECT_EQ(st.over(), result != Result::kOngoing);
}

// Red P a2, Blue p e11, flags b1 and d12: both sides can move.
constexpr std::string_view kLiveBoard = "3f1/4p/5/5/5/5/5/5/5/5/P4/1F3";

std::string live(std::string_view side, int quiet, int ply) {
  return std::string(kLiveBoard) + " " + std::string(side) + " " + std::to_string(quiet) + " " +
         std::to_string(ply);
}

TEST(GameEnd, Ongoing) { expect_status(parse_jfen(live("r", 0, 0)), Result::kOngoing, EndReason::kNone); }

TEST(GameEnd, FlagCaptured) {
  // Blue's flag is gone (taken last ply): Red wins, whoever is to move.
  expect_status(parse_jfen("5/4p/5/5/5/5/5/5/5/5/P4/1F3 b 0 31"), Result::kRedWins, EndReason::kFlag);
  expect_status(parse_jfen("5/4p/5/5/5/5/5/5/5/5/P4/1F3 r 0 31"), Result::kRedWins, EndReason::kFlag);
  // Red's flag gone: Blue wins.
  expect_status(parse_jfen("3f1/4p/5/5/5/5/5/5/5/5/P4/5 r 0 32"), Result::kBlueWins, EndReason::kFlag);
  EXPECT_TRUE(status_without_movegen(parse_jfen("3f1/4p/5/5/5/5/5/5/5/5/P4/5 r 0 32")).over());
}

TEST(GameEnd, SideToMoveWithoutLegalMoves) {
  // Red has its flag (b1), mines a1 c1 b2 and a platoon frozen in its HQ d1: no legal move,
  // so Blue wins; the check needs move generation, status_without_movegen cannot see it.
  const Position stuck = parse_jfen("3f1/4p/5/5/5/5/5/5/5/5/1L3/LFLP1 r 4 20");
  expect_status(stuck, Result::kBlueWins, EndReason::kNoMoves);
  EXPECT_FALSE(status_without_movegen(stuck).over());
  // All movable pieces lost: only the flag is left.
  expect_status(parse_jfen("3f1/4p/5/5/5/5/5/5/5/5/5/1F3 r 4 20"), Result::kBlueWins, EndReason::kNoMoves);
  // Blue to move with only its flag and a mine: Red wins.
  expect_status(parse_jfen("3fl/5/5/5/5/5/5/5/5/5/P4/1F3 b 4 21"), Result::kRedWins, EndReason::kNoMoves);
  // The frozen platoon may leave its HQ under hq_exit: the game goes on.
  expect_status(parse_jfen("3f1/4p/5/5/5/5/5/5/5/5/1L3/LFLP1 r 4 20", with("hq_exit", "true")),
                Result::kOngoing, EndReason::kNone);
}

TEST(GameEnd, NoCaptureDrawAtExactlyTheCount) {
  // Default 70: 69 quiet plies play on, 70 is a draw.
  expect_status(parse_jfen(live("r", 69, 100)), Result::kOngoing, EndReason::kNone);
  expect_status(parse_jfen(live("r", 70, 100)), Result::kDraw, EndReason::kNoCaptureDraw);
  // A quiet move from 69 reaches 70.
  Position pos = parse_jfen(live("r", 69, 100));
  Position::Undo undo;
  pos.make(parse_move("a2-a3"), undo);
  expect_status(pos, Result::kDraw, EndReason::kNoCaptureDraw);
  // The configured count: no_capture_draw = 10.
  expect_status(parse_jfen(live("b", 9, 100), with("no_capture_draw", "10")), Result::kOngoing,
                EndReason::kNone);
  expect_status(parse_jfen(live("b", 10, 100), with("no_capture_draw", "10")), Result::kDraw,
                EndReason::kNoCaptureDraw);
}

TEST(GameEnd, MaxPlies) {
  // Default 1000 plies in all.
  expect_status(parse_jfen(live("b", 0, 999)), Result::kOngoing, EndReason::kNone);
  expect_status(parse_jfen(live("r", 0, 1000)), Result::kDraw, EndReason::kMaxPlies);
  expect_status(parse_jfen(live("r", 0, 49), with("max_plies", "50")), Result::kOngoing, EndReason::kNone);
  expect_status(parse_jfen(live("r", 0, 50), with("max_plies", "50")), Result::kDraw, EndReason::kMaxPlies);
}

TEST(GameEnd, Precedence) {
  // RULES.md §6: flag capture, then the no-capture draw, then max_plies, then no legal move.
  // Red, to move, has only its flag (no legal move) in every position below.
  // All four at once: flag (Blue's flag is gone) -> Red wins by flag.
  expect_status(parse_jfen("5/4p/5/5/5/5/5/5/5/5/5/1F3 r 70 1000"), Result::kRedWins, EndReason::kFlag);
  // No-capture draw, max_plies and no moves -> no-capture draw.
  expect_status(parse_jfen("3f1/4p/5/5/5/5/5/5/5/5/5/1F3 r 70 1000"), Result::kDraw,
                EndReason::kNoCaptureDraw);
  // max_plies and no moves -> max_plies.
  expect_status(parse_jfen("3f1/4p/5/5/5/5/5/5/5/5/5/1F3 r 69 1000"), Result::kDraw, EndReason::kMaxPlies);
  // No-capture draw and no moves (ply below max) -> no-capture draw.
  expect_status(parse_jfen("3f1/4p/5/5/5/5/5/5/5/5/5/1F3 r 70 999"), Result::kDraw,
                EndReason::kNoCaptureDraw);
  // Only no moves.
  expect_status(parse_jfen("3f1/4p/5/5/5/5/5/5/5/5/5/1F3 r 69 999"), Result::kBlueWins, EndReason::kNoMoves);
  // No-capture draw and max_plies with moves available -> no-capture draw.
  expect_status(parse_jfen(live("r", 70, 1000)), Result::kDraw, EndReason::kNoCaptureDraw);
}

TEST(GameEnd, RecordNames) {
  // NOTATION.md "Game records": result 1-0 / 0-1 / 1/2-1/2, reasons flag, no-moves,
  // no-capture-draw, max-plies.
  EXPECT_EQ(result_name(Result::kRedWins), "1-0");
  EXPECT_EQ(result_name(Result::kBlueWins), "0-1");
  EXPECT_EQ(result_name(Result::kDraw), "1/2-1/2");
  EXPECT_EQ(reason_name(EndReason::kFlag), "flag");
  EXPECT_EQ(reason_name(EndReason::kNoMoves), "no-moves");
  EXPECT_EQ(reason_name(EndReason::kNoCaptureDraw), "no-capture-draw");
  EXPECT_EQ(reason_name(EndReason::kMaxPlies), "max-plies");
}

// Red P a1 (its only move a1-a2: b1 is its own flag), Blue p e12 (only e12-e11: d12 is its
// own flag).
constexpr std::string_view kTinyBoard = "3fp/5/5/5/5/5/5/5/5/5/5/PF3";

TEST(GameEnd, PerftCounts) {
  // Depth 1: a1-a2. Depth 2: then e12-e11. Depth 3: then Red P a2 has a1, b3 (camp),
  // b2 c2 d2 e2, a3 ... a11 = 15 (Blue's e11 is off file a and rank 2).
  for (bool bulk : {true, false}) {
    Position pos = parse_jfen(std::string(kTinyBoard) + " r 0 0");
    EXPECT_EQ(perft(pos, 0, bulk), 1u);
    EXPECT_EQ(perft(pos, 1, bulk), 1u);
    EXPECT_EQ(perft(pos, 2, bulk), 1u);
    EXPECT_EQ(perft(pos, 3, bulk), 15u);
  }
}

TEST(GameEnd, PerftOfFinishedGames) {
  // perft(0) = 1 for any position; perft(d >= 1) = 0 once the game is over.
  for (std::string_view jfen : {
           "5/4p/5/5/5/5/5/5/5/5/P4/1F3 r 0 31",       // flag captured, Red still has moves
           "3f1/4p/5/5/5/5/5/5/5/5/P4/1F3 r 70 100",   // no-capture draw
           "3f1/4p/5/5/5/5/5/5/5/5/P4/1F3 r 0 1000",   // max_plies
           "3f1/4p/5/5/5/5/5/5/5/5/1L3/LFLP1 r 4 20",  // no legal move
       }) {
    for (bool bulk : {true, false}) {
      Position pos = parse_jfen(jfen);
      EXPECT_EQ(perft(pos, 0, bulk), 1u) << jfen;
      EXPECT_EQ(perft(pos, 1, bulk), 0u) << jfen;
      EXPECT_EQ(perft(pos, 2, bulk), 0u) << jfen;
    }
    Position pos = parse_jfen(jfen);
    EXPECT_TRUE(perft_divide(pos, 2).empty()) << jfen;
  }
  // A draw reached inside the tree: from 68 quiet plies, a1-a2 makes 69, e12-e11 makes 70,
  // so the third ply is never played: perft(2) = 1 but perft(3) = 0.
  for (bool bulk : {true, false}) {
    Position pos = parse_jfen(std::string(kTinyBoard) + " r 68 0");
    EXPECT_EQ(perft(pos, 2, bulk), 1u);
    EXPECT_EQ(perft(pos, 3, bulk), 0u);
  }
}

// --- immobile = at-once (RULES.md §9) ---

Rules at_once(bool hq_exit = false) {
  Rules r = with("immobile", "at-once");
  r.hq_exit = hq_exit;
  return r;
}

TEST(GameEnd, ImmobileAtOnceTheCaaiExample) {
  // Blue is down to its Flag (d12) and a Landmine (e12); Red (P a2, F b1) is to move. By
  // default Red plays on (P a2 has its 15 moves) and Blue loses only on its own turn; under
  // at-once the game is already over: Red wins, reason no-movable-pieces.
  const std::string_view jfen = "3fl/5/5/5/5/5/5/5/5/5/P4/1F3 r 4 21";
  expect_status(parse_jfen(jfen), Result::kOngoing, EndReason::kNone);
  expect_status(parse_jfen(jfen, at_once()), Result::kRedWins, EndReason::kNoMovablePieces);
  EXPECT_TRUE(status_without_movegen(parse_jfen(jfen, at_once())).over());  // by type and place alone
  // perft: 15 moves by default; none once the game is over.
  Position pos = parse_jfen(jfen);
  EXPECT_EQ(perft(pos, 1), 15u);
  Position over = parse_jfen(jfen, at_once());
  EXPECT_EQ(perft(over, 1), 0u);
}

TEST(GameEnd, ImmobileAtOnceNeitherSideCanMoveIsADraw) {
  // Red: Landmine a1, Flag b1. Blue: Flag d12, Landmine e12. Red to move: by default Red
  // has no legal move and loses; under at-once neither side can ever move: a draw.
  const std::string_view jfen = "3fl/5/5/5/5/5/5/5/5/5/5/LF3 r 0 10";
  expect_status(parse_jfen(jfen), Result::kBlueWins, EndReason::kNoMoves);
  expect_status(parse_jfen(jfen, at_once()), Result::kDraw, EndReason::kNoMovablePieces);
}

TEST(GameEnd, ImmobileAtOnceCountsHeadquartersByHqExit) {
  // Red: Landmines a1 c1 b2, Flag b1, P in its headquarters d1; Blue: p e11, f d12. The P can
  // never leave d1 without hq_exit: under at-once Red has lost, even with Blue to move.
  const std::string_view red_to_move = "3f1/4p/5/5/5/5/5/5/5/5/1L3/LFLP1 r 4 20";
  const std::string_view blue_to_move = "3f1/4p/5/5/5/5/5/5/5/5/1L3/LFLP1 b 4 20";
  expect_status(parse_jfen(red_to_move, at_once()), Result::kBlueWins, EndReason::kNoMovablePieces);
  expect_status(parse_jfen(blue_to_move, at_once()), Result::kBlueWins, EndReason::kNoMovablePieces);
  // By default Blue plays on when it is to move.
  expect_status(parse_jfen(blue_to_move), Result::kOngoing, EndReason::kNone);
  // With hq_exit the P may leave: the game goes on.
  expect_status(parse_jfen(red_to_move, at_once(true)), Result::kOngoing, EndReason::kNone);
  // A piece in the enemy's headquarters can never move either: Blue with only its p on d1
  // (Red's headquarters), its Flag and a Landmine has lost under at-once.
  // Red: P a2, F b1. Blue: p d1, f d12, l e12.
  expect_status(parse_jfen("3fl/5/5/5/5/5/5/5/5/5/P4/1F1p1 r 0 30", at_once()), Result::kRedWins,
                EndReason::kNoMovablePieces);
}

TEST(GameEnd, ImmobileAtOnceAWalledInPieceStillCounts) {
  // Red: P a1 walled in by its own Landmine a2 and Flag b1 (no legal move, but a piece that
  // could move by type and place); Blue: p e11, f d12. Not stuck under at-once, so the
  // no-legal-move rule applies on Red's turn: Blue wins by no-moves.
  const std::string_view jfen = "3f1/4p/5/5/5/5/5/5/5/5/L4/PF3 r 0 30";
  expect_status(parse_jfen(jfen, at_once()), Result::kBlueWins, EndReason::kNoMoves);
  EXPECT_FALSE(status_without_movegen(parse_jfen(jfen, at_once())).over());
}

TEST(GameEnd, ImmobileAtOnceOrderOfEnds) {
  // RULES.md §9: flag, immobile side, no-capture draw, max_plies, no legal move.
  // Blue's Flag gone and Red stuck (Flag and Landmine only): the flag counts first.
  expect_status(parse_jfen("4p/5/5/5/5/5/5/5/5/5/5/LF3 r 70 1000", at_once()), Result::kRedWins, EndReason::kFlag);
  // Red stuck, no-capture count and max_plies reached: the immobile side comes before both.
  expect_status(parse_jfen("3f1/4p/5/5/5/5/5/5/5/5/5/LF3 r 70 1000", at_once()), Result::kBlueWins,
                EndReason::kNoMovablePieces);
  // Nobody stuck: the draws as before.
  expect_status(parse_jfen(live("r", 70, 1000), at_once()), Result::kDraw, EndReason::kNoCaptureDraw);
}

TEST(GameEnd, ImmobileAtOnceReachedByAMove) {
  // Red E on a5 attacks Blue's last movable piece, a Bomb on a6 (both die); Blue keeps its
  // Flag and a Landmine, Red its Flag and an Engineer on c3. Under at-once the game ends with
  // that move (perft(2) = 0 below it); by default Blue, to move, has no move and loses then.
  //  Blue: f d12, l e12, b a6.  Red: E a5, E c3, F b1.
  const std::string_view jfen = "3fl/5/5/5/5/5/b4/E4/5/2E2/5/1F3 r 0 30";
  for (const Rules& rules : {Rules{}, at_once()}) {
    Position pos = parse_jfen(jfen, rules);
    Position::Undo undo;
    EXPECT_EQ(pos.make(parse_move("a5-a6"), undo), Outcome::kBothDie);
    const GameStatus st = game_status(pos);
    EXPECT_EQ(st.result, Result::kRedWins);
    EXPECT_EQ(st.reason, rules.immobile == Immobile::kAtOnce ? EndReason::kNoMovablePieces : EndReason::kNoMoves);
  }
}

}  // namespace
}  // namespace junqi::engine
