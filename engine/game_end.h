#pragma once
// Whether a position is a finished game, and how (RULES.md §6).

#include "engine/movegen.h"
#include "engine/position.h"

namespace junqi::engine {

enum class Result { kOngoing, kRedWins, kBlueWins, kDraw };
enum class EndReason { kNone, kFlag, kNoCaptureDraw, kMaxPlies, kNoMoves };

struct GameStatus {
  Result result = Result::kOngoing;
  EndReason reason = EndReason::kNone;
  bool over() const { return result != Result::kOngoing; }
};

constexpr Result win_for(Color c) { return c == kRed ? Result::kRedWins : Result::kBlueWins; }

// The ends that need no move generation, in the order of RULES.md §6: a missing flag
// (it was captured: the side without it lost), then the no-capture draw, then max_plies.
template <class Board>
GameStatus status_without_movegen(const BasicPosition<Board>& pos) {
  const Color us = pos.side_to_move();
  if (!pos.has_flag(us)) return {win_for(~us), EndReason::kFlag};
  if (!pos.has_flag(~us)) return {win_for(us), EndReason::kFlag};
  if (pos.quiet_plies() >= pos.rules().no_capture_draw) return {Result::kDraw, EndReason::kNoCaptureDraw};
  if (pos.ply() >= pos.rules().max_plies) return {Result::kDraw, EndReason::kMaxPlies};
  return {};
}

// Every end, the side to move having no legal move last.
template <class Board>
GameStatus game_status(const BasicPosition<Board>& pos) {
  const GameStatus s = status_without_movegen(pos);
  if (s.over()) return s;
  if (count_moves(pos) == 0) return {win_for(~pos.side_to_move()), EndReason::kNoMoves};
  return {};
}

}  // namespace junqi::engine
