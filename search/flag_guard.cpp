#include "search/flag_guard.h"

#include <limits>

#include "engine/bitboard.h"
#include "engine/movegen.h"

namespace junqi::search {

using namespace junqi::engine;

namespace {

// One of the moves lands on `flag`: any fight with the flag removes it.
bool lands_on(const MoveList& moves, Square flag) {
  for (const Move m : moves)
    if (to_sq(m) == flag) return true;
  return false;
}

// The side to move has a move onto `flag`.
bool reaches(const Position& pos, Square flag) {
  MoveList list;
  generate(pos, list);
  return lands_on(list, flag);
}

// The same with the side not to move moving again (the threat its last move made).
bool reaches_again(const Position& pos, Square flag) {
  Position again = pos;
  again.set_side_to_move(~pos.side_to_move());
  return reaches(again, flag);
}

}  // namespace

bool enemy_takes_flag_by_force(Position& pos, Square flag) {
  const Color enemy = pos.side_to_move();
  MoveList threats;  // the enemy's moves, generated once: a capture now, else a threat
  generate(pos, threats);
  if (lands_on(threats, flag)) return true;
  for (const Move b : threats) {
    Position::Undo ub;
    pos.make(b, ub);
    bool forced = reaches_again(pos, flag);  // cheap: most enemy moves threaten nothing
    if (forced) {
      MoveList replies;
      generate(pos, replies);
      forced = replies.size > 0;
      for (int i = 0; forced && i < replies.size; ++i) {
        Position::Undo ur;
        pos.make(replies[i], ur);
        forced = pos.has_flag(enemy) && reaches(pos, flag);
        pos.unmake(ur);
      }
    }
    pos.unmake(ub);
    if (forced) return true;
  }
  return false;
}

Move guard_flag(const View& view, const Belief& belief, const Sampler& sampler, Rng& rng,
                const std::vector<Move>& ranked, const FlagGuardParams& params) {
  const Bitboard64 own_flag = view.board().pieces(view.side(), kFlag);
  if (!own_flag || ranked.size() < 2 || !sampler.consistent()) return ranked.front();
  const Square flag = lsb(own_flag);
  std::vector<Position> worlds;
  std::array<PieceType, Belief::kPieces> types;
  for (int w = 0; w < params.worlds; ++w) {
    sampler.sample(rng, types);
    worlds.push_back(determinize(view, belief, types));
  }
  Move best = ranked.front();
  int fewest = std::numeric_limits<int>::max();
  const size_t tried = std::min(ranked.size(), size_t(params.candidates));
  for (size_t i = 0; i < tried && fewest > params.tolerated; ++i) {
    int lost = 0;
    for (const Position& world : worlds) {
      Position pos = world;
      Position::Undo u;
      pos.make(ranked[i], u);
      if (pos.has_flag(~view.side()) && enemy_takes_flag_by_force(pos, flag)) ++lost;
    }
    if (lost < fewest) fewest = lost, best = ranked[i];
  }
  return best;
}

}  // namespace junqi::search
