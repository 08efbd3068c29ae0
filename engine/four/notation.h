#pragma once
// Text forms of the four-player game: squares (`Sa1` ... `We6`, `Ca1` ... `Cc3`), moves
// (`Sa6-Ca1`, annotated `Sa6xCa1>`) and J4FEN position strings:
//
//   <S>|<E>|<N>|<W>|<C> <side> <quiet-plies> <ply>
//
// Each half as its owner sees it: ranks 6 to 1 separated by '/', files a to e, a digit
// for a run of empty squares; an uppercase letter is a piece of the half's owner, a
// lowercase seat letter and an uppercase piece letter (`sM`, `eE`) a piece of another
// seat. The centre: ranks 3 to 1, files a to c, every piece with its seat letter. side is
// s, e, n or w. Parsers throw Error saying what is wrong and where.

#include <optional>
#include <string>
#include <string_view>

#include "engine/four/position.h"

namespace junqi::engine::four {

std::optional<Seat> seat_of_letter(char c);              // 'S' or 's' .. 'W' or 'w'
std::string square_name(Square s);                       // "Sa1" .. "We6", "Ca1" .. "Cc3"
std::optional<Square> parse_square(std::string_view s);  // nullopt if not a square

// Move lives in junqi::engine, so argument-dependent lookup also finds the 2-player
// move_string and annotated_move: call these qualified (four::move_string).
std::string move_string(Move m);      // "Sa6-Ca1"
Move parse_move(std::string_view s);  // throws Error
// "Sa6-Ca1" for a quiet move, "Sa6xCa1>" / "Sa6xCa1<" / "Sa6xCa1=" for fights.
std::string annotated_move(Move m, Outcome o);

// A full-information position under the given rules, settled as after a move (a seat to
// move with no legal move is out: position.h). Beyond the syntax, the parser rejects piece
// counts over a seat's, a seat that has pieces but no Flag (it would be out, its pieces
// gone), a side to move that is out, and at ply 0 anything but four legal deployments,
// each seat's in its own half (RULES.md §3: no piece in a camp at the start).
Position parse_j4fen(std::string_view j4fen, const Rules& rules = {});
std::string to_j4fen(const Position& pos);

}  // namespace junqi::engine::four
