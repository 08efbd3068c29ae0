#pragma once
// Small four-player positions for tests, written as placements: "sF@Sb1 eM@Ca2" (seat
// letter, piece letter, square). Settled as J4FEN positions are (position.h).

#include <sstream>
#include <string>
#include <string_view>

#include "engine/error.h"
#include "engine/four/notation.h"
#include "engine/four/position.h"
#include "engine/notation.h"

namespace junqi::testing_support {

inline engine::four::Position four_position(std::string_view placements, engine::four::Seat side,
                                            const engine::Rules& rules = {}, int quiet_plies = 0,
                                            int ply = 10) {
  using namespace engine::four;
  Position pos;
  std::istringstream in{std::string(placements)};
  for (std::string token; in >> token;) {
    const Seat seat = Seat(std::string_view("senw").find(token[0]));
    const auto type = engine::parse_type_char(token[1]);
    const auto square = parse_square(token.substr(3));
    if (token.size() != 6 || token[2] != '@' || seat >= kSeats || !type || !square)
      throw engine::Error("bad placement '" + token + "'");
    pos.put_piece(*square, make_piece(seat, *type));
  }
  pos.set_side_to_move(side);
  pos.set_counters(quiet_plies, ply);
  pos.set_rules(rules);
  pos.settle();
  return pos;
}

// The four flags on their b1 headquarters: every seat in the game.
constexpr std::string_view kFourFlags = "sF@Sb1 eF@Eb1 nF@Nb1 wF@Wb1 ";

}  // namespace junqi::testing_support
