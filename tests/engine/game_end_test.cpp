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

}  // namespace
}  // namespace junqi::engine
