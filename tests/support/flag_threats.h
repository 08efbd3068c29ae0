#pragma once
// Exhaustive short look-ahead over a full-information position: does the side to move
// lose its flag by force within two enemy moves, and which of its moves prevent that?
// Flag-defence tests derive their expected answers with it, independently of any bot.

#include <vector>

#include "engine/movegen.h"
#include "engine/position.h"

namespace junqi::testing_support {

// Whether the side to move in pos can take the enemy's flag with one move.
inline bool takes_flag_now(engine::Position& pos) {
  const engine::Color defender = ~pos.side_to_move();
  engine::MoveList list;
  engine::generate(pos, list);
  for (const engine::Move m : list) {
    engine::Position::Undo u;
    pos.make(m, u);
    const bool taken = !pos.has_flag(defender);
    pos.unmake(u);
    if (taken) return true;
  }
  return false;
}

// The side to move (the attacker) takes the defender's flag by force: now, or with a
// move after which every reply of the defender leaves the flag to be taken next move (a
// reply that takes the attacker's flag ends the game and saves it).
inline bool flag_falls_by_force(engine::Position& pos) {
  const engine::Color attacker = pos.side_to_move();
  if (takes_flag_now(pos)) return true;
  engine::MoveList list;
  engine::generate(pos, list);
  for (const engine::Move b : list) {
    engine::Position::Undo ub;
    pos.make(b, ub);
    bool every_reply_loses = true;
    engine::MoveList replies;
    engine::generate(pos, replies);
    for (const engine::Move r : replies) {
      engine::Position::Undo ur;
      pos.make(r, ur);
      const bool loses = pos.has_flag(attacker) && takes_flag_now(pos);
      pos.unmake(ur);
      if (!loses) {
        every_reply_loses = false;
        break;
      }
    }
    pos.unmake(ub);
    if (every_reply_loses && replies.size > 0) return true;
  }
  return false;
}

// The moves of the side to move after which its flag does not fall by force (a move
// that takes the enemy's flag wins at once and counts as saving).
inline std::vector<engine::Move> flag_saving_moves(engine::Position pos) {
  const engine::Color enemy = ~pos.side_to_move();
  std::vector<engine::Move> saving;
  engine::MoveList list;
  engine::generate(pos, list);
  for (const engine::Move m : list) {
    engine::Position::Undo u;
    pos.make(m, u);
    if (!pos.has_flag(enemy) || !flag_falls_by_force(pos)) saving.push_back(m);
    pos.unmake(u);
  }
  return saving;
}

// Whether the enemy would take the flag by force if the side to move could pass: the
// threat a defence must answer.
inline bool flag_threatened(engine::Position pos) {
  pos.set_side_to_move(~pos.side_to_move());
  return flag_falls_by_force(pos);
}

}  // namespace junqi::testing_support
