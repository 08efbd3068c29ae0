#include "search/four_pimc_bot.h"

#include <cmath>
#include <vector>

#include "engine/error.h"
#include "eval/material.h"

namespace junqi::search {

namespace four = engine::four;

double team_value(const four::Position& pos, int team) {
  const four::Status status = four::game_status(pos);
  if (status.over()) {
    if (status.result == four::Result::kDraw) return 0;
    return status.result == four::win_for_team(team) ? 1 : -1;
  }
  double diff = 0;
  for (int s = 0; s < four::kSeats; ++s)
    for (four::Bitboard b = pos.pieces(four::Seat(s)); b;) {
      const engine::PieceType t = engine::type_of(pos.piece_on(four::pop_lsb(b)));
      if (t == engine::kFlag) continue;
      diff += (four::team_of(four::Seat(s)) == team ? 1 : -1) * eval::piece_value(t);
    }
  return std::tanh(diff / 20.0);  // a Marshal's worth (10) is about half the scale
}

engine::Move FourPimcBot::choose_move(const four::FourView& view, const Limits& limits) {
  four::MoveList legal;
  view.legal_moves(legal);
  if (legal.size == 0) return engine::kNullMove;
  if (legal.size == 1) return legal[0];
  const std::vector<four::Position> worlds = sample_worlds(view, params_.worlds);
  if (worlds.empty()) return legal[int(rng_.below(uint64_t(legal.size)))];  // no world fits: play on at random
  const int team = four::team_of(view.seat());
  const int64_t iterations = limits.iterations > 0 ? limits.iterations : params_.default_iterations;
  std::vector<double> total(size_t(legal.size), 0);
  std::vector<int64_t> visits(size_t(legal.size), 0);
  int64_t done = 0;
  // Round robin over the moves, each round on the next world, so that every move is
  // compared on the same worlds.
  for (int64_t i = 0; i < iterations && !stop_requested(limits.stop); ++i, ++done) {
    const int move = int(i % legal.size);
    four::Position pos = worlds[size_t((i / legal.size) % int64_t(worlds.size()))];
    four::Position::Undo undo;
    pos.make(legal[move], undo);
    four_rollout(pos, params_.rollout, rng_);
    total[size_t(move)] += team_value(pos, team);
    ++visits[size_t(move)];
  }
  int best = 0;
  double best_mean = -2;
  for (int i = 0; i < legal.size; ++i) {
    const double mean = visits[size_t(i)] ? total[size_t(i)] / double(visits[size_t(i)]) : -2;
    if (mean > best_mean) best_mean = mean, best = i;
  }
  info_ = {done, (best_mean + 1) / 2, "worlds " + std::to_string(worlds.size())};
  return legal[best];
}

}  // namespace junqi::search
