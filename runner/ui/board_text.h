#pragma once
// What a human player sees of a game: the board drawn from their View (never more), in
// Chinese piece names or letters, optionally in ANSI colour, and what the last plies did
// in words ("b7xb6: your 旅长 was lost").

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/flip_game.h"
#include "engine/view.h"

namespace junqi::runner {

struct BoardStyle {
  bool ascii = false;  // letters (M G D ...) instead of Chinese names
  bool color = false;  // ANSI colours: Red's pieces red, Blue's blue, the last move highlighted
};

// 司令 军长 ... 军旗, by piece type.
std::string_view chinese_name(engine::PieceType t);
// How the style names a piece: "旅长", or its letter as the board shows it ("R" for Red's,
// "r" for Blue's).
std::string piece_label(engine::Piece p, const BoardStyle& style);

// The board as the view's side knows it: its own pieces named, enemy pieces '?' unless
// revealed; camps ( ), headquarters [ ], railway, front-line crossings and mountains;
// rank numbers and file letters. Blue sees the board turned so its own half is at the
// bottom. Ends with a one-line legend and the side to move and draw counters.
std::string draw_board(const engine::View& view, const BoardStyle& style);

// One line per move of history tokens [first, end): who moved and, for fights, what the
// view's side lost or won, plus the identities revealed after a move.
std::vector<std::string> describe_plies(const engine::View& view, std::size_t first, const BoardStyle& style);

// A whole board after the game, every piece named (face-down ones too), seen from `me`'s
// side as the game was shown.
std::string draw_whole_board(const engine::JfenFields& fields, engine::Color me, const BoardStyle& style);

// The flip game's board as the view's player knows it: face-down pieces as 暗 (ASCII #),
// face-up pieces named in their colours. Once the colours are given the player sees its
// own colour's half at the bottom (before, the first player sees it as Red will).
std::string draw_flip_board(const engine::FlipView& view, const BoardStyle& style);
// The colour the view's player was given, or none while colours are not assigned.
std::optional<engine::Color> flip_colour(const engine::FlipView& view);
// One line per flip or move of history tokens [first, end): who acted, what a flip
// turned up, what a fight did (every fighter is face up, so both are named).
std::vector<std::string> describe_flip_plies(const engine::FlipView& view, std::size_t first, const BoardStyle& style);

}  // namespace junqi::runner
