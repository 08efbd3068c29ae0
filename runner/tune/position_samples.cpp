#include "runner/tune/position_samples.h"

#include <algorithm>

#include "engine/error.h"
#include "engine/random.h"
#include "eval/evaluation.h"
#include "eval/flip_evaluation.h"
#include "runner/game/replay.h"
#include "runner/game/text.h"

namespace junqi::runner {

namespace {

// Results decided on the board; faults, resignations and adjudications say nothing
// about the positions before them.
bool played_out(const GameRecord& r) {
  return r.reason == "flag" || r.reason == "no-moves" || r.reason == "no-movable-pieces" ||
         r.reason == "no-capture-draw" || r.reason == "max-plies";
}

// The features, from Red's side, of every position a game may give: after each ply from
// `skip` on (0-based), in the flip game only once the colours are assigned.
std::vector<Eigen::VectorXd> candidate_rows(const GameRecord& record, const TunedEvaluation& evaluation, int skip) {
  std::vector<Eigen::VectorXd> rows;
  int ply = 0;
  if (evaluation.flip()) {
    replay_flip(record, [&](const engine::FlipPosition& pos, const MoveRecord&) {
      if (ply++ >= skip && pos.colours_assigned()) rows.emplace_back(eval::flip_features(pos, engine::kRed));
    });
  } else {
    replay(record, [&](const engine::Position& pos, const MoveRecord&) {
      if (ply++ >= skip) rows.emplace_back(eval::features(pos, engine::kRed));
    });
  }
  return rows;
}

}  // namespace

Samples sample_positions(const std::vector<GameRecord>& records, const TunedEvaluation& evaluation,
                         const SampleOptions& options) {
  Samples out;
  for (size_t g = 0; g < records.size(); ++g) {
    const GameRecord& record = records[g];
    if ((record.rules.kind == engine::GameKind::kFlip) != evaluation.flip())
      throw engine::Error(cat({"game ", record.id, evaluation.flip() ? ": not a flip game, among flip games"
                                                                     : ": a flip game, among dark and open games",
                               " (tune fit learns one evaluation at a time)"}));
    const bool started =
        evaluation.flip() ? !record.layout.empty() : !record.red_deployment.empty() && !record.blue_deployment.empty();
    if (!played_out(record) || !started) {
      ++out.skipped_games;
      continue;
    }
    // The game's own stream decides its side of the split and which plies it gives, so
    // adding games to a file does not reshuffle the others.
    engine::Rng rng(options.seed * 0x9E3779B97F4A7C15ull + g);
    const bool hold = double(rng.next() >> 11) * 0x1.0p-53 < options.holdout;
    std::vector<Eigen::VectorXd> rows;
    try {
      rows = candidate_rows(record, evaluation, options.skip_plies);
    } catch (const engine::Error& e) {
      throw engine::Error(cat({"game ", record.id, ": ", e.what()}));
    }
    std::vector<size_t> picks(rows.size());
    for (size_t i = 0; i < picks.size(); ++i) picks[i] = i;
    for (size_t i = 0; i + 1 < picks.size() && int(i) < options.per_game; ++i)  // partial Fisher-Yates
      std::swap(picks[i], picks[i + rng.below(picks.size() - i)]);
    picks.resize(std::min(picks.size(), size_t(std::max(0, options.per_game))));
    std::sort(picks.begin(), picks.end());
    SampleSet& set = hold ? out.held_out : out.train;
    ++set.games;
    // Red's result: the seat Red played from (in the flip game the colours were dealt in play).
    const double red_points = record.points(record.colour_of_seat(0) == engine::kRed ? 0 : 1);
    for (size_t i : picks) {
      set.x.push_back(std::move(rows[i]));
      set.y.push_back(red_points);
    }
  }
  return out;
}

}  // namespace junqi::runner
