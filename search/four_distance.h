#pragma once
// How far every square of the four-player board is from each seat's headquarters, in
// links (road or railway alike, pieces ignored): the distance the one-ply choices of the
// four-seat greedy bot and of the search's rollouts measure an advance by.

#include <algorithm>
#include <array>

#include "engine/four/board.h"
#include "engine/four/seat.h"
#include "engine/types.h"

namespace junqi::search {

using FourDistance = std::array<int, engine::four::Board::kSquares>;

// Links from every square to the nearer of seat s's two headquarters.
const FourDistance& distance_to_headquarters(engine::four::Seat s);

// Links from `square` to the nearest headquarters of `seat`'s opponents still in the game
// (in_game by seat); the board's size when neither is.
template <class InGame>
int distance_to_opponents(engine::four::Seat seat, engine::Square square, InGame in_game) {
  int d = engine::four::Board::kSquares;
  for (const engine::four::Seat o : {engine::four::next_seat(seat), engine::four::left_of(seat)})
    if (in_game(o)) d = std::min(d, distance_to_headquarters(o)[square]);
  return d;
}

// Links move m gains (negative: loses) towards the nearest headquarters of `seat`'s
// opponents still in the game: how the one-ply choices score a quiet move.
template <class InGame>
int links_gained(engine::four::Seat seat, engine::Move m, InGame in_game) {
  return distance_to_opponents(seat, engine::from_sq(m), in_game) -
         distance_to_opponents(seat, engine::to_sq(m), in_game);
}

}  // namespace junqi::search
