#pragma once
// `junqi tune fit`: evaluation weights fitted to game results, Texel style. Positions
// sampled from records (runner/tune/position_samples.h); the scale K of the starting weights
// fitted first, then every weight by L2-regularized logistic regression from K times the
// starting weights (eval/logistic_fit.h); losses reported on held-out games. The records
// say which evaluation: flip games fit the flip game's, dark and open games the other.

#include <ostream>
#include <string>
#include <vector>

#include "runner/tune/position_samples.h"

namespace junqi::runner {

struct FitTunerConfig {
  std::vector<std::string> records;  // JSONL files
  std::string start;                 // weights name or path the fit starts from; empty = the
                                     // evaluation's shipped file (default.toml, flip.toml)
  std::string out;                   // the fitted weights file
  SampleOptions sampling;
  double l2 = 1e-3;
  bool keep_worse = false;  // write weights even if they do worse than the start on held-out games
};

struct FitReport {
  int train_positions = 0, held_out_positions = 0;
  double loss_start = 0, loss_scaled = 0, loss_fitted = 0;  // held-out mean cross-entropy
  double scale = 1;
  bool worse = false;  // the fit did worse than the start on held-out games
};

// Throws engine::Error for unreadable records, too few positions, an unwritable out, or a fit
// worse than the start weights on held-out games (unless keep_worse).
FitReport run_fit_tuner(const FitTunerConfig& config, std::ostream& out);

}  // namespace junqi::runner
