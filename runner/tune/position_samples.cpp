#include "runner/tune/position_samples.h"

#include <algorithm>

#include "engine/error.h"
#include "engine/random.h"
#include "runner/game/replay.h"
#include "runner/game/text.h"

namespace junqi::runner {

namespace {

// Results decided on the board; faults, resignations and adjudications say nothing
// about the positions before them.
bool played_out(const GameRecord& r) {
  return r.reason == "flag" || r.reason == "no-moves" || r.reason == "no-capture-draw" || r.reason == "max-plies";
}


}  // namespace

Samples sample_positions(const std::vector<GameRecord>& records, const SampleOptions& options) {
  Samples out;
  for (size_t g = 0; g < records.size(); ++g) {
    const GameRecord& record = records[g];
    if (record.rules.kind == engine::GameKind::kFlip)  // its positions are not of the dark game's evaluation
      throw engine::Error(cat({"game ", record.id, ": a flip game; tune fit learns the dark and open games' weights"}));
    if (!played_out(record) || record.red_deployment.empty() || record.blue_deployment.empty()) {
      ++out.skipped_games;
      continue;
    }
    // The game's own stream decides its side of the split and which plies it gives, so
    // adding games to a file does not reshuffle the others.
    engine::Rng rng(options.seed * 0x9E3779B97F4A7C15ull + g);
    const bool hold = double(rng.next() >> 11) * 0x1.0p-53 < options.holdout;
    const int plies = int(record.moves.size());
    std::vector<int> candidates;
    for (int p = options.skip_plies; p < plies; ++p) candidates.push_back(p);  // after ply p (0-based)
    for (size_t i = 0; i + 1 < candidates.size() && int(i) < options.per_game; ++i)  // partial Fisher-Yates
      std::swap(candidates[i], candidates[i + rng.below(candidates.size() - i)]);
    candidates.resize(std::min<size_t>(candidates.size(), size_t(std::max(0, options.per_game))));
    std::sort(candidates.begin(), candidates.end());
    SampleSet& rows = hold ? out.held_out : out.train;
    ++rows.games;
    int ply = 0;
    size_t next = 0;
    try {
      replay(record, [&](const engine::Position& pos, const MoveRecord&) {
        if (next < candidates.size() && candidates[next] == ply) {
          rows.x.push_back(eval::features(pos, engine::kRed));
          rows.y.push_back(record.points(0));
          ++next;
        }
        ++ply;
      });
    } catch (const engine::Error& e) {
      throw engine::Error(cat({"game ", record.id, ": ", e.what()}));
    }
  }
  return out;
}

}  // namespace junqi::runner
