#pragma once
// The text forms of the Chinese university contest's Junqi protocol (2012 军棋博弈项目协议),
// shared by the runner's ContestPlayer (referee side) and `junqi contest` (bot side).
//
// Every message is one line with its fields at fixed character offsets (contest bots
// read them by position), so writers here always produce the full width and readers
// insist on it. Squares are in the receiver's own frame: row A (its far side) .. L (its
// own back rank), column 0..4 from its own left; the second player's frame is the first
// player's turned half a turn. The first player is our Red.
//
//   INFO 1.0                 -> a line, usually `NAME <team>`
//   START f tttt ss          -> ARRAY <25 piece letters: rows G..L, left to right, no camps>
//   GO YXYX R FF             -> BESTMOVE YXYX     (GO 0000 0 00 for the game's first move)
//   RESULT R FF                                   (after the bot's own move)
//   END
// R: 0 the mover died, 1 it captured, 2 both died, 3 a plain move. FF: the enemy flag's
// square once the enemy Field Marshal has died, else 00.

#include <optional>
#include <string>
#include <string_view>

#include "engine/deployment.h"
#include "engine/types.h"

namespace junqi::runner::contest {

// "G0" for a square in the frame of `side`; nullopt for text that is no square.
std::string square_text(engine::Square s, engine::Color side);
std::optional<engine::Square> parse_square(std::string_view text, engine::Color side);

// a 司令 .. i 工兵, j 地雷 (mine), k 炸弹 (bomb), l 军旗 (flag).
char piece_letter(engine::PieceType t);
std::optional<engine::PieceType> parse_piece_letter(char c);

char result_code(engine::Outcome o);
std::optional<engine::Outcome> parse_result_code(char c);

// What one GO or RESULT reports.
struct Report {
  engine::Move move = engine::kNullMove;  // GO: the opponent's move; kNullMove for `0000` and in RESULT
  engine::Outcome outcome = engine::Outcome::kQuiet;
  std::optional<engine::Square> enemy_flag;  // FF
};

struct Start {
  bool first = true;      // f = 0: moves first (Red)
  int total_seconds = 0;  // tttt
  int wait = 0;           // ss
};

// Writers. Numbers are clamped into their fields (tttt 1..9999, ss 0..99).
std::string start_line(const Start& start);
std::string array_line(const engine::Deployment& d);
std::string go_line(const Report& r, engine::Color receiver);
std::string result_line(const Report& r, engine::Color receiver);
std::string bestmove_line(engine::Move m, engine::Color side);

// Readers: each throws engine::Error with a one-line message naming the field at fault.
Start parse_start(std::string_view line);
engine::Deployment parse_array(std::string_view line);  // syntax and counts of letters only
Report parse_go(std::string_view line, engine::Color receiver);
Report parse_result(std::string_view line, engine::Color receiver);
engine::Move parse_bestmove(std::string_view line, engine::Color side);
// The answer to INFO: `NAME <team>` gives the team, any other line is the name itself.
std::string parse_name(std::string_view line);

}  // namespace junqi::runner::contest
