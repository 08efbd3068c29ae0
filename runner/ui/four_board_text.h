#pragma once
// The four-player board at the terminal: the cross of four halves round the 3x3 centre,
// drawn from a seat's view (engine/four/view.h: its board holds what the seat knows,
// other pieces unidentified unless shown), with that seat's half at the bottom.

#include <optional>
#include <string>

#include "engine/four/position.h"
#include "runner/ui/board_text.h"

namespace junqi::runner {

// Every position of `board` on a 17 x 17 grid (each half 6 deep and 5 wide, the centre's
// posts on every other point between them), pieces by their Chinese names (or seat and
// piece letters under style.ascii), a piece not known to the viewer as ？？ (x), each
// seat's pieces in its colour under style.color; camps （）, headquarters ［］, other
// empty posts ・. `me` is at the bottom, its left neighbour West of it on the screen.
// Ends with a legend: the seats, their colours and teams, who is to move.
std::string draw_four_board(const engine::four::Position& board, engine::four::Seat me, const BoardStyle& style,
                            engine::Move last_move = engine::kNullMove);
// The whole board (a replay's true position), South at the bottom, every piece under
// style.ascii with its seat letter.
std::string draw_whole_four_board(const engine::four::Position& board, const BoardStyle& style,
                                  engine::Move last_move = engine::kNullMove);

}  // namespace junqi::runner
