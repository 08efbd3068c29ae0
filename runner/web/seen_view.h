#pragma once
// What a player's view shows the page, for each kind: a View (dark and open games), a
// FlipView (flip game, face-down pieces written `?`) or a FourView (four-player game). Everything here reads the view
// alone, so nothing it answers can hold what that player may not see.

#include <nlohmann/json.hpp>

#include "engine/flip_game.h"
#include "engine/four/view.h"
#include "engine/view.h"

namespace junqi::runner::web {

// The colour the view's player plays; in the flip game before the flips gave colours,
// the seat's placeholder (first = Red).
engine::Color seen_colour(const engine::View& view);
engine::Color seen_colour(const engine::FlipView& view);

// The piece on `s` as the view shows it: X/x an unidentified enemy piece; kNoPiece for an
// empty square or, in the flip game, a face-down piece.
engine::Piece seen_piece(const engine::View& view, engine::Square s);
engine::Piece seen_piece(const engine::FlipView& view, engine::Square s);

// [{"square", "piece"}, ...]; in the flip game a face-down piece is "?".
nlohmann::json seen_board(const engine::View& view);
nlohmann::json seen_board(const engine::FlipView& view);
nlohmann::json seen_board(const engine::four::FourView& view);  // as four_seen.h writes it

// The player's legal moves as move text (empty when it is not the player's turn).
nlohmann::json seen_legal(const engine::View& view);
nlohmann::json seen_legal(const engine::FlipView& view);

// {"you": [...], "bot": [...]}: the pieces each side has lost, by type letter where the
// view knows it (the open and flip games, and always one's own), else "X".
nlohmann::json seen_lost(const engine::View& view);
nlohmann::json seen_lost(const engine::FlipView& view);

}  // namespace junqi::runner::web
