#pragma once
// Whether a position is a finished game, and how (RULES.md §6).

#include <string_view>

#include "engine/movegen.h"
#include "engine/position.h"

namespace junqi::engine {

enum class Result { kOngoing, kRedWins, kBlueWins, kDraw };
enum class EndReason { kNone, kFlag, kNoMovablePieces, kNoCaptureDraw, kMaxPlies, kNoMoves };

struct GameStatus {
  Result result = Result::kOngoing;
  EndReason reason = EndReason::kNone;
  bool over() const { return result != Result::kOngoing; }
};

constexpr Result win_for(Color c) { return c == kRed ? Result::kRedWins : Result::kBlueWins; }

// The record forms of NOTATION.md: "1-0", "0-1", "1/2-1/2" ("*" while ongoing) and
// "flag", "no-movable-pieces", "no-capture-draw", "max-plies", "no-moves".
constexpr std::string_view result_name(Result r) {
  return r == Result::kRedWins ? "1-0" : r == Result::kBlueWins ? "0-1" : r == Result::kDraw ? "1/2-1/2" : "*";
}
constexpr std::string_view reason_name(EndReason r) {
  switch (r) {
    case EndReason::kFlag: return "flag";
    case EndReason::kNoMovablePieces: return "no-movable-pieces";
    case EndReason::kNoCaptureDraw: return "no-capture-draw";
    case EndReason::kMaxPlies: return "max-plies";
    case EndReason::kNoMoves: return "no-moves";
    case EndReason::kNone: break;
  }
  return "";
}

// A side with no piece that can ever move again has lost; both such sides draw. Ongoing if
// neither. (The flip game's §7.1 rule, and `immobile = at-once` in the others.)
constexpr GameStatus immobile_status(bool red_stuck, bool blue_stuck) {
  if (red_stuck && blue_stuck) return {Result::kDraw, EndReason::kNoMovablePieces};
  if (red_stuck) return {Result::kBlueWins, EndReason::kNoMovablePieces};
  if (blue_stuck) return {Result::kRedWins, EndReason::kNoMovablePieces};
  return {};
}

// The ends that need no move generation, in the order of RULES.md §6: a missing flag
// (it was captured: the side without it lost), under `immobile = at-once` a side whose
// pieces can never move again (by type and place only, as RULES.md §9 says, so no move
// generation), then the no-capture draw, then max_plies.
template <class Board>
GameStatus status_without_movegen(const BasicPosition<Board>& pos) {
  const Color us = pos.side_to_move();
  if (!pos.has_flag(us)) return {win_for(~us), EndReason::kFlag};
  if (!pos.has_flag(~us)) return {win_for(us), EndReason::kFlag};
  if (pos.rules().immobile == Immobile::kAtOnce) {
    const GameStatus s = immobile_status(!movable_pieces(pos, kRed), !movable_pieces(pos, kBlue));
    if (s.over()) return s;
  }
  if (pos.quiet_plies() >= pos.rules().no_capture_draw) return {Result::kDraw, EndReason::kNoCaptureDraw};
  if (pos.ply() >= pos.rules().max_plies) return {Result::kDraw, EndReason::kMaxPlies};
  return {};
}

// Every end, the side to move having no legal move last (under `immobile = on-turn` this
// is how a side left with nothing that moves loses).
template <class Board>
GameStatus game_status(const BasicPosition<Board>& pos) {
  const GameStatus s = status_without_movegen(pos);
  if (s.over()) return s;
  if (count_moves(pos) == 0) return {win_for(~pos.side_to_move()), EndReason::kNoMoves};
  return {};
}

}  // namespace junqi::engine
