#pragma once
// The score board: results of a tournament's games by player, by pairing (crosstable),
// by game pair (pentanomial counts) and by reason of the game's end. It only counts;
// runner/tournament_report turns the counts into tables and statistics.

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "runner/game/record.h"
#include "runner/tournament/tournament_schedule.h"

namespace junqi::runner {

struct PlayerScore {
  int wins = 0, draws = 0, losses = 0;
  int games() const { return wins + draws + losses; }
  double points() const { return wins + 0.5 * draws; }
};

// How a player behaved, whatever the results: games lost by its own fault, by kind
// (time, crash, illegal-move, illegal-deployment, protocol), and its thinking time.
struct PlayerConduct {
  std::map<std::string, int> faults;
  int64_t moves = 0, total_ms = 0, max_ms = 0;
  double average_ms() const { return moves ? double(total_ms) / double(moves) : 0.0; }
};

// One game as the rating fit needs it: players by index, the first player's score.
struct ScoredGame {
  int first = 0, second = 0;
  double score = 0;
};

class ScoreBoard {
 public:
  explicit ScoreBoard(int players);
  // Counts a finished game; game.players says who played which side.
  void add(const ScheduledGame& game, const GameRecord& record);

  int players() const { return int(totals_.size()); }
  int games() const { return int(games_.size()); }
  const PlayerScore& total(int player) const { return totals_[player]; }
  // Results in finished pairs only: the games the pair statistics (pentanomial Elo, LOS,
  // SPRT) are computed from, so that a table shows W/D/L and Elo of the same games.
  const PlayerScore& paired_total(int player) const { return paired_[player]; }
  // Games whose pair partner is not in yet.
  int open_games() const { return int(pairs_.size()); }
  const PlayerConduct& conduct(int player) const { return conduct_[player]; }
  // Results of `player` against `opponent` only.
  const PlayerScore& versus(int player, int opponent) const { return versus_[player][opponent]; }
  // Finished pairs of a and b, by a's pair score 0, 1/2, 1, 3/2, 2 (LL, LD, WL+DD, WD, WW).
  std::array<int64_t, 5> pentanomial(int a, int b) const;
  const std::map<std::string, int>& reasons() const { return reasons_; }
  const std::vector<ScoredGame>& scored_games() const { return games_; }

 private:
  struct OpenPair {
    int low = 0, high = 0;
    double low_points = 0;  // the lower-index player's points so far
    PlayerScore low_score;  // and its W/D/L
    int games = 0;
  };
  std::vector<PlayerScore> totals_, paired_;
  std::vector<PlayerConduct> conduct_;
  std::vector<std::vector<PlayerScore>> versus_;
  std::map<int64_t, OpenPair> pairs_;                              // by pair id, until both games are in
  std::map<std::pair<int, int>, std::array<int64_t, 5>> pentanomial_;  // finished pairs by (low, high)
  std::map<std::string, int> reasons_;
  std::vector<ScoredGame> games_;
};

}  // namespace junqi::runner
