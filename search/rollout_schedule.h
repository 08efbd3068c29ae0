#pragma once
// The rollout depth as a function of the search's budget. A deeper rollout sees further
// but each of its values is noisier, and only a larger sample averages the noise out: at
// 2000 iterations a move, 12 plies measured even with 8, at 8000 iterations 38 Elo better
// (README "Budget, time and threads"). A schedule lists measured points, budget:depth;
// between two points the depth follows log2 of the budget, beyond the ends it stays at
// the nearer end's depth.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace junqi::search {

struct RolloutSchedule {
  std::vector<std::pair<int64_t, int>> points;  // (iterations a move, depth), budgets increasing

  bool empty() const { return points.empty(); }
  // The depth for a search of `iterations` (> 0) iterations.
  int depth_for(double iterations) const;
};

// Parses "4000:8 8000:12" (points separated by spaces or commas); the error names `what`
// (the config file and key) and the point it could not read.
RolloutSchedule parse_rollout_schedule(const std::string& text, const std::string& what);

// What a search will spend, in iterations: the iteration limit (if > 0), the time limit (if
// > 0) at the last search's rate (if known, > 0), the smaller of the two; 0 if unknown.
double expected_iterations(int64_t iterations, double seconds, double rate);

}  // namespace junqi::search
