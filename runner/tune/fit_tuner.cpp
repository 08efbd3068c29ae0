#include "runner/tune/fit_tuner.h"

#include <cmath>
#include <iomanip>
#include <sstream>

#include "engine/error.h"
#include "eval/logistic_fit.h"
#include "runner/game/text.h"

namespace junqi::runner {

FitReport run_fit_tuner(const FitTunerConfig& config, std::ostream& out) {
  std::vector<GameRecord> records;
  for (const std::string& path : config.records) {
    std::vector<GameRecord> more = read_records(path);
    records.insert(records.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
  }
  // The first record decides the evaluation; sample_positions refuses games of the other.
  const TunedEvaluation evaluation(records.empty() ? engine::GameKind::kDark : records[0].rules.kind);
  const std::string start_name = config.start.empty() ? std::string(evaluation.default_weights()) : config.start;
  const Eigen::VectorXd start = evaluation.find(start_name);
  const Samples samples = sample_positions(records, evaluation, config.sampling);
  FitReport report;
  report.train_positions = int(samples.train.y.size());
  report.held_out_positions = int(samples.held_out.y.size());
  out << "fit (" << evaluation.name() << " evaluation): " << records.size() << " games (" << samples.skipped_games
      << " ended by a fault or resignation, skipped); "
      << samples.train.games << " games / " << report.train_positions << " positions to fit, "
      << samples.held_out.games << " / " << report.held_out_positions << " held out\n";
  if (report.train_positions < 2 * int(start.size()) || report.held_out_positions == 0)
    throw engine::Error(cat({"fit: too few positions (", std::to_string(report.train_positions), " to fit, ",
                             std::to_string(report.held_out_positions),
                             " held out): give more games or a larger --per-game / --holdout"}));

  eval::FitOptions options;
  options.l2 = config.l2;
  const eval::TexelFit fit = eval::texel_fit(eval::make_dataset(samples.train.x, samples.train.y),
                                             eval::make_dataset(samples.held_out.x, samples.held_out.y), start, options);
  report.scale = fit.scale;
  report.loss_start = fit.held_out_start;
  report.loss_scaled = fit.held_out_scaled;
  report.loss_fitted = fit.held_out_fitted;
  out << std::fixed << std::setprecision(5) << "held-out loss (mean cross-entropy; ln 2 = " << std::log(2.0)
      << " is a coin):\n"
      << "  start weights '" << start_name << "'   " << fit.held_out_start << "\n"
      << "  scaled by K = " << std::setprecision(3) << fit.scale << std::setprecision(5) << "     "
      << fit.held_out_scaled << "\n"
      << "  fitted (l2 " << config.l2 << ")  " << fit.held_out_fitted << "\n"
      << "training loss: start " << fit.train_start << ", fitted " << fit.train_fitted << "\n";
  out.unsetf(std::ios::floatfield);

  // A fit that predicts held-out games worse than the weights it started from (too little
  // data, overfitting) would make the bot weaker: say so, and keep it unless asked.
  report.worse = fit.held_out_fitted > fit.held_out_start;
  if (report.worse) {
    out << "warning: the fitted weights predict held-out games worse than the start weights ("
        << fit.held_out_fitted << " > " << fit.held_out_start << ")"
        << (fit.held_out_fitted > std::log(2.0) ? ", worse than a coin" : "") << "\n";
    if (!config.keep_worse)
      throw engine::Error(cat({"tune fit: not writing ", config.out,
                               ": the fit is worse than the start on held-out games (give more games, raise "
                               "--l2, or --keep-worse to write it anyway)"}));
  }

  if (!config.out.empty()) {
    std::ostringstream comment;
    comment << "The " << evaluation.name() << " evaluation fitted by junqi tune fit from " << report.train_positions
            << " positions of " << samples.train.games << " games (start '" << start_name << "', K "
            << std::setprecision(4) << fit.scale << ", l2 " << config.l2 << "); held-out loss " << fit.held_out_start
            << " -> " << fit.held_out_fitted;
    evaluation.save(config.out, fit.fitted, comment.str());
    out << "Wrote " << config.out << "\n";
  }
  return report;
}

}  // namespace junqi::runner
