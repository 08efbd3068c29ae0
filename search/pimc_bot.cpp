#include "search/pimc_bot.h"

#include <chrono>

#include "search/rollout.h"
#include "search/time_manager.h"

namespace junqi::search {

using namespace junqi::engine;

PimcBot::PimcBot(const PimcParams& params) : params_(params) {}

// One round = one determinization, one rollout per legal move (round(total) adds them);
// rounds until the budget (rollouts or time) is spent, at least one. The move with the
// best total.
template <class Round>
Move PimcBot::best_of_rounds(const MoveList& legal, const Limits& limits, const Round& round) {
  const Budget budget = plan_move(limits, params_.default_iterations);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(budget.seconds);
  std::vector<double> total(size_t(legal.size), 0.0);
  int64_t rollouts = 0;
  int rounds = 0;
  do {
    round(total);
    rollouts += legal.size;
    ++rounds;
  } while ((budget.iterations == 0 || rollouts + legal.size <= budget.iterations) &&
           (budget.seconds == 0 || std::chrono::steady_clock::now() < deadline) && !budget.stopped());
  int best = 0;
  for (int i = 1; i < legal.size; ++i)
    if (total[size_t(i)] > total[size_t(best)]) best = i;
  info_ = {rollouts, total[size_t(best)] / rounds, std::to_string(rounds) + " determinizations"};
  return legal[best];
}

Move PimcBot::choose_move(const View& view, const Limits& limits) {
  MoveList legal;
  const Belief belief(view);
  if (const auto forced = forced_move(view, belief, legal)) return *forced;
  std::array<PieceType, Belief::kPieces> types;
  return best_of_rounds(legal, limits, [&](std::vector<double>& total) {
    sampler_.sample(rng_, types);
    const Position world = determinize(view, belief, types);
    Position::Undo undo;
    for (int i = 0; i < legal.size; ++i) {
      Position pos = world;
      pos.make(legal[i], undo);
      total[size_t(i)] += rollout(pos, view.side(), params_.rollout, rng_, params_.weights, 1);
    }
  });
}

// A flip's outcome is the piece the round's world holds there: over the rounds, every
// piece still face down in proportion to its count.
Move PimcBot::choose_flip_action(const FlipView& view, const Limits& limits) {
  MoveList legal;
  if (const auto forced = forced_flip_action(view, legal)) return *forced;
  return best_of_rounds(legal, limits, [&](std::vector<double>& total) {
    const FlipPosition world = view.sample(rng_);
    FlipPosition::Undo undo;
    for (int i = 0; i < legal.size; ++i) {
      FlipPosition pos = world;
      pos.make(legal[i], undo);
      total[size_t(i)] += rollout(pos, view.player(), params_.rollout, rng_, params_.flip_weights, 1);
    }
  });
}

}  // namespace junqi::search
