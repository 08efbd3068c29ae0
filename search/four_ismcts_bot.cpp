#include "search/four_ismcts_bot.h"

#include <algorithm>
#include <cmath>

#include "engine/error.h"
#include "search/four_pimc_bot.h"

namespace junqi::search {

namespace four = engine::four;

engine::Move FourIsmctsBot::choose_move(const four::FourView& view, const Limits& limits) {
  four::MoveList root_moves;
  view.legal_moves(root_moves);
  if (root_moves.size == 0) return engine::kNullMove;
  if (root_moves.size == 1) return root_moves[0];
  const std::vector<four::Position> worlds = sample_worlds(view, params_.worlds);
  if (worlds.empty()) return root_moves[int(rng_.below(uint64_t(root_moves.size)))];  // no world fits
  const int64_t iterations = limits.iterations > 0 ? limits.iterations : params_.default_iterations;
  nodes_.assign(1, Node{});
  std::vector<int> path;
  four::MoveList legal;
  int64_t done = 0;
  for (; done < iterations && !stop_requested(limits.stop); ++done) {
    four::Position pos = worlds[size_t(done % int64_t(worlds.size()))];
    path.assign(1, 0);
    int node = 0;
    while (!four::game_status(pos).over()) {
      // The root's moves are the view's (they exclude a Marshal's attack on a possible Flag).
      if (node == 0) legal = root_moves;
      else four::generate(pos, legal);
      if (legal.size == 0) break;
      std::sort(legal.moves.begin(), legal.moves.begin() + legal.size);
      std::vector<bool> tried(size_t(legal.size), false);
      for (const int c : nodes_[size_t(node)].children) {
        const auto it = std::lower_bound(legal.begin(), legal.end(), nodes_[size_t(c)].move);
        if (it != legal.end() && *it == nodes_[size_t(c)].move) {
          tried[size_t(it - legal.begin())] = true;
          ++nodes_[size_t(c)].available;
        }
      }
      std::vector<int> untried;
      for (int i = 0; i < legal.size; ++i)
        if (!tried[size_t(i)]) untried.push_back(i);
      const int mover_team = four::team_of(pos.side_to_move());
      four::Position::Undo undo;
      if (!untried.empty()) {  // expand one move, then play out
        // A Flag within reach is expanded first, as the rollouts would take it: a threat
        // to a Flag shows in the tree from the first visit.
        engine::Move m = legal[untried[rng_.below(untried.size())]];
        if (params_.rollout.take_flag)
          for (const int i : untried)
            if (takes_flag(pos, legal[i])) m = legal[i];
        Node child;
        child.move = m;
        child.team = mover_team;
        nodes_.push_back(child);
        const int index = int(nodes_.size()) - 1;
        nodes_[size_t(node)].children.push_back(index);
        pos.make(m, undo);
        path.push_back(index);
        break;
      }
      int best = -1;
      double best_score = -1e18;
      for (const int c : nodes_[size_t(node)].children) {
        const Node& n = nodes_[size_t(c)];
        const auto it = std::lower_bound(legal.begin(), legal.end(), n.move);
        if (it == legal.end() || *it != n.move) continue;
        const double score = n.reward / double(n.visits) +
                             params_.exploration * std::sqrt(std::log(double(n.available)) / double(n.visits));
        if (score > best_score) best_score = score, best = c;
      }
      pos.make(nodes_[size_t(best)].move, undo);
      path.push_back(best);
      node = best;
    }
    four_rollout(pos, params_.rollout, rng_);
    const double value = team_value(pos, 0);  // for South and North
    for (const int n : path) {
      nodes_[size_t(n)].visits += 1;
      nodes_[size_t(n)].reward += nodes_[size_t(n)].team == 0 ? value : -value;
    }
  }
  int best = nodes_[0].children.front();
  for (const int c : nodes_[0].children)
    if (nodes_[size_t(c)].visits > nodes_[size_t(best)].visits) best = c;
  const Node& chosen = nodes_[size_t(best)];
  info_ = {done, (chosen.reward / double(chosen.visits) + 1) / 2, "nodes " + std::to_string(nodes_.size())};
  return chosen.move;
}

}  // namespace junqi::search
