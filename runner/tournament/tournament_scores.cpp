#include "runner/tournament/tournament_scores.h"

#include <algorithm>
#include <cmath>

namespace junqi::runner {

ScoreBoard::ScoreBoard(int players)
    : totals_(players), paired_(players), conduct_(players), versus_(players, std::vector<PlayerScore>(players)) {}

namespace {

void count_result(PlayerScore& s, double points) {
  if (points == 1.0) ++s.wins;
  else if (points == 0.0) ++s.losses;
  else ++s.draws;
}

bool is_fault(const std::string& reason) {
  return reason == "time" || reason == "crash" || reason == "illegal-move" || reason == "illegal-deployment" ||
         reason == "protocol";
}

}  // namespace

void ScoreBoard::add(const ScheduledGame& game, const GameRecord& record) {
  // Seats: red and blue, or in the flip game the first and second to act.
  const int red = game.players[0], blue = game.players[1];
  const double red_points = record.points(0);
  auto count = [&](int player, int opponent, double points) {
    count_result(totals_[player], points);
    count_result(versus_[player][opponent], points);
  };
  count(red, blue, red_points);
  count(blue, red, 1.0 - red_points);
  ++reasons_[record.reason];
  games_.push_back({red, blue, red_points});
  // The seats move in turn from seat 0 (Red; the first to act in the flip game); a fault
  // is charged to the seat that lost the game.
  for (size_t i = 0; i < record.moves.size(); ++i) {
    PlayerConduct& c = conduct_[i % 2 == 0 ? red : blue];
    ++c.moves;
    c.total_ms += record.moves[i].ms;
    c.max_ms = std::max(c.max_ms, record.moves[i].ms);
  }
  if (is_fault(record.reason) && red_points != 0.5) ++conduct_[red_points == 0.0 ? red : blue].faults[record.reason];

  OpenPair& pair = pairs_[game.pair];
  pair.low = std::min(red, blue);
  pair.high = std::max(red, blue);
  const double low_points = red == pair.low ? red_points : 1.0 - red_points;
  pair.low_points += low_points;
  count_result(pair.low_score, low_points);
  if (++pair.games == 2) {
    ++pentanomial_[{pair.low, pair.high}][size_t(std::lround(2 * pair.low_points))];
    const PlayerScore& l = pair.low_score;
    PlayerScore& low = paired_[pair.low];
    PlayerScore& high = paired_[pair.high];
    low.wins += l.wins, low.draws += l.draws, low.losses += l.losses;
    high.wins += l.losses, high.draws += l.draws, high.losses += l.wins;
    pairs_.erase(game.pair);
  }
}

std::array<int64_t, 5> ScoreBoard::pentanomial(int a, int b) const {
  if (a > b) {  // b's counts seen from a: LL <-> WW, LD <-> WD
    std::array<int64_t, 5> p = pentanomial(b, a);
    std::reverse(p.begin(), p.end());
    return p;
  }
  const auto it = pentanomial_.find({a, b});
  return it == pentanomial_.end() ? std::array<int64_t, 5>{} : it->second;
}

}  // namespace junqi::runner
