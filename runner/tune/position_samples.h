#pragma once
// Training data for `junqi tune fit`: positions sampled from game records, replayed with
// the referee's full information, as one evaluation's features from Red's side with Red's
// result (1, ½, 0): the dark game's evaluation for dark and open games, the flip game's
// for flip games (positions once the colours are assigned). Games are split whole between
// training and held-out sets, so no game's positions are on both sides of the split.

#include <cstdint>
#include <vector>

#include <Eigen/Core>

#include "runner/game/record.h"
#include "runner/tune/tuned_evaluation.h"

namespace junqi::runner {

struct SampleOptions {
  int per_game = 8;       // positions drawn from each game (fewer if it is shorter)
  int skip_plies = 10;    // the opening plies are left out: nothing has happened yet
  double holdout = 0.2;   // share of games held out
  uint64_t seed = 1;
};

struct SampleSet {
  std::vector<Eigen::VectorXd> x;  // features of each position
  std::vector<double> y;           // Red's result in the game the position is from
  int games = 0;
};

struct Samples {
  SampleSet train, held_out;
  int skipped_games = 0;  // ended by a fault or resignation: not a result of the position
};

// Replays every record (a record that does not replay, or is of a game the evaluation
// does not play, is an error naming its id).
Samples sample_positions(const std::vector<GameRecord>& records, const TunedEvaluation& evaluation,
                         const SampleOptions& options);

}  // namespace junqi::runner
