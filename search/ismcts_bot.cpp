#include "search/ismcts_bot.h"

#include <algorithm>
#include <cmath>

#include "engine/notation.h"
#include "search/flag_guard.h"
#include "search/time_manager.h"

namespace junqi::search {

using namespace junqi::engine;

IsmctsBot::IsmctsBot(const IsmctsBotParams& params)
    : params_(params), search_(params.search), flip_search_(params.search) {}

void IsmctsBot::new_game(Color side, const Rules& rules, uint64_t seed) {
  SamplingBot::new_game(side, rules, seed);
  search_.clear();
  flip_search_.clear();
}

Move IsmctsBot::choose_move(const View& view, const Limits& limits) {
  MoveList legal;
  const Belief belief(view);
  if (const auto forced = forced_move(view, belief, legal)) return *forced;
  const Budget budget = plan_move(limits, params_.default_iterations);
  const SearchResult r =
      search_.run(view, sampler_, belief, params_.weights, budget.iterations, budget.seconds, rng_.next(), budget.stop);
  const Move move = by_temperature(r, report(r, legal));
  if (!params_.flag_guard) return move;
  const Move safe = guarded(view, belief, r, move, legal);
  if (safe != move) info_.text += ", flag guard " + move_string(safe);
  return safe;
}

Move IsmctsBot::by_temperature(const SearchResult& r, Move best) {
  if (params_.temperature <= 0 || r.root.empty()) return best;
  std::vector<double> weight;
  double total = 0;
  for (const RootStats& s : r.root) total += weight.emplace_back(std::pow(double(s.visits), 1 / params_.temperature));
  if (!(total > 0) || !std::isfinite(total)) return best;
  double x = total * double(rng_.below(uint64_t(1) << 53)) / double(uint64_t(1) << 53);
  for (size_t i = 0; i < weight.size(); ++i)
    if ((x -= weight[i]) < 0) return r.root[i].move;
  return best;
}

// The move played (best first), then the other root moves by visits, then the moves it never
// visited, through the flag guard.
Move IsmctsBot::guarded(const View& view, const Belief& belief, const SearchResult& r, Move first,
                        const MoveList& legal) {
  std::vector<RootStats> root = r.root;
  std::stable_sort(root.begin(), root.end(), [](const RootStats& a, const RootStats& b) { return a.visits > b.visits; });
  std::vector<Move> ranked = {first};
  for (const RootStats& s : root)
    if (s.move != ranked.front()) ranked.push_back(s.move);
  for (const Move m : legal)
    if (std::find(ranked.begin(), ranked.end(), m) == ranked.end()) ranked.push_back(m);
  return guard_flag(view, belief, sampler_, rng_, ranked);
}

Move IsmctsBot::choose_flip_action(const FlipView& view, const Limits& limits) {
  MoveList legal;
  if (const auto forced = forced_flip_action(view, legal)) return *forced;
  const Budget budget = plan_move(limits, params_.default_iterations);
  const SearchResult r =
      flip_search_.run(view, params_.flip_weights, budget.iterations, budget.seconds, rng_.next(), budget.stop);
  return report(r, legal);
}

// Keeps the search's report for last_info; the move to play.
Move IsmctsBot::report(const SearchResult& r, const MoveList& legal) {
  std::string text = "best ";
  text += move_string(r.best);
  if (r.reused_visits > 0) text += " reused " + std::to_string(r.reused_visits);
  info_ = {r.iterations, r.winrate, text};
  return r.best == kNullMove ? legal[0] : r.best;
}

}  // namespace junqi::search
