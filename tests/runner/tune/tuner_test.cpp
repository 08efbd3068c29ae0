// The tuners' game-playing glue: selfplay records feed the fit's sampler; an SPSA run
// writes its state, CSV, plot and weights, resumes from its state and refuses another
// run's state; with the flip game's rules or records both tune the flip evaluation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "eval/evaluation.h"
#include "eval/flip_evaluation.h"
#include "runner/tune/position_samples.h"
#include "runner/game/record.h"
#include "runner/players/player_factory.h"
#include "runner/tournament/selfplay.h"
#include "runner/tune/fit_tuner.h"
#include "runner/tune/spsa_tuner.h"
#include "runner/tune/svg_plot.h"
#include "runner/game/text.h"
#include "search/bot_config.h"
#include "tests/support/error_text.h"
#include "tests/support/text_file.h"

namespace junqi::runner {
namespace {

using testing_support::contains;
using testing_support::error_of;

std::string temp_file(const std::string& name) {
  const std::string path = ::testing::TempDir() + name;
  std::filesystem::remove(path);
  return path;
}

TEST(Selfplay, RecordsReplayIntoSamplesSplitByGame) {
  SelfplayConfig config;
  config.bot = "random";
  config.games = 30;
  config.out = temp_file("junqi_selfplay_test.jsonl");
  config.concurrency = 2;
  std::ostringstream progress;
  EXPECT_EQ(run_selfplay(config, progress), 30);
  const std::vector<GameRecord> records = read_records(config.out);
  ASSERT_EQ(records.size(), 30u);
  // The progress has a rate and an ETA; the summary counts what the records say.
  int red = 0, blue = 0, draws = 0;
  for (const GameRecord& r : records) (r.result == "1-0" ? red : r.result == "0-1" ? blue : draws) += 1;
  EXPECT_PRED2(contains, progress.str(), "selfplay: 30/30 games  ");
  EXPECT_PRED2(contains, progress.str(), " games/s  ETA 0:00");
  EXPECT_PRED2(contains, progress.str(), cat({"; Red won ", std::to_string(red), ", Blue ", std::to_string(blue),
                                              ", draws ", std::to_string(draws), "; "}));

  SampleOptions options;
  options.per_game = 5;
  options.skip_plies = 2;
  options.holdout = 0.3;
  const Samples s = sample_positions(records, TunedEvaluation(engine::GameKind::kDark), options);
  EXPECT_EQ(s.train.games + s.held_out.games + s.skipped_games, 30);
  EXPECT_GT(s.held_out.games, 0);
  EXPECT_GT(s.train.games, s.held_out.games);
  // Random games run far past 7 plies, so each gives exactly per_game positions.
  EXPECT_EQ(s.train.y.size(), size_t(5 * s.train.games));
  EXPECT_EQ(s.train.x.size(), s.train.y.size());
  for (double y : s.train.y) EXPECT_TRUE(y == 0 || y == 0.5 || y == 1) << y;
  // A file that holds games is not overwritten.
  EXPECT_PRED2(contains, error_of([&] { run_selfplay(config, progress); }), "already holds games");
}

class SpsaRun : public ::testing::Test {
 protected:
  // ctest runs each test as its own process, in parallel: every test has its own files.
  static std::string file(const std::string& suffix) {
    return temp_file(cat({"junqi_spsa_", ::testing::UnitTest::GetInstance()->current_test_info()->name(), suffix}));
  }
  void SetUp() override {
    params_ = file("_params.toml");
    std::ofstream(params_) << "[[param]]\nname = \"mobility\"\nstart = 0.0\nmin = -0.1\nmax = 0.1\nc_end = 0.02\n"
                              "r_end = 0.05\n";
    config_.bot = "pimc";
    config_.params = params_;
    config_.iterations = 2;
    config_.pairs = 1;
    config_.time_control.iterations = 4;  // the cheapest real search: a few rollouts per move
    config_.concurrency = 2;
    config_.state = file("_state.json");
    config_.csv = file(".csv");
    config_.plot = file(".svg");
    config_.weights_out = file("_weights.toml");
  }
  std::string params_;
  SpsaTunerConfig config_;
};

TEST_F(SpsaRun, WritesEverythingAndResumesFromItsState) {
  std::ostringstream out;
  ASSERT_TRUE(run_spsa_tuner(config_, out));
  // Each iteration's line gives the time so far and the time left; the summary follows.
  EXPECT_PRED2(contains, out.str(), "iter 1/2");
  EXPECT_PRED2(contains, out.str(), ", ETA ");
  EXPECT_PRED2(contains, out.str(), "SPSA done: 2 iterations (2 in this run, ");
  std::ifstream csv(config_.csv);
  std::string line;
  int lines = 0;
  while (std::getline(csv, line)) ++lines;
  EXPECT_EQ(lines, 1 + 1 + 2);  // header, start, two iterations
  std::ifstream svg(config_.plot);
  std::stringstream svg_text;
  svg_text << svg.rdbuf();
  EXPECT_PRED2(contains, svg_text.str(), "<polyline");
  const eval::Weights tuned = eval::load_weights(config_.weights_out);
  // Every other feature keeps the value of the tuned bot's own weights file.
  const eval::Weights base = eval::find_weights(search::resolve_bot(config_.bot).params.at("weights"));
  for (int f = 0; f < eval::kFeatureCount; ++f)
    if (f != eval::kMobility) {
      EXPECT_EQ(tuned.w[f], base.w[f]) << eval::feature_name(eval::Feature(f));
    }
  EXPECT_LE(std::abs(tuned.w[eval::kMobility]), 0.1);

  // Done already: the rerun plays nothing and writes the same weights.
  std::ostringstream again;
  ASSERT_TRUE(run_spsa_tuner(config_, again));
  EXPECT_PRED2(contains, again.str(), "2 of 2 iterations done");
  EXPECT_EQ(eval::load_weights(config_.weights_out).w, tuned.w);

  // Another run's state is refused, naming what differs.
  config_.seed = 99;
  EXPECT_PRED2(contains, error_of([&] { run_spsa_tuner(config_, out); }), "seed is 1, this run has 99");
}

TEST_F(SpsaRun, ParameterThatIsNotAFeatureIsNamed) {
  std::ofstream(params_) << "[[param]]\nname = \"mobilty\"\nstart = 0.0\nmin = -0.1\nmax = 0.1\nc_end = 0.02\n"
                            "r_end = 0.05\n";
  EXPECT_PRED2(contains, error_of([&] { run_spsa_tuner(config_, std::cout); }),
               "spsa parameter 'mobilty': not a feature of the dark evaluation");
}


// The flip game's evaluation: `--rule kind=flip` tunes the flip features, writes a flip
// weights file, and its state file says so: resuming it with the dark game's rules is
// refused in one line.
TEST_F(SpsaRun, FlipRulesTuneTheFlipEvaluation) {
  config_.rules.set("kind", "flip");
  std::ostringstream out;
  ASSERT_TRUE(run_spsa_tuner(config_, out));
  EXPECT_PRED2(contains, out.str(), "of the flip evaluation of bot 'pimc'");
  const eval::FlipWeights tuned = eval::load_flip_weights(config_.weights_out);
  const eval::FlipWeights base = eval::find_flip_weights("flip");  // pimc.toml names no flip weights
  for (int f = 0; f < eval::kFlipFeatureCount; ++f)
    if (f != eval::kFlipMobility) {
      EXPECT_EQ(tuned.w[f], base.w[f]) << eval::flip_feature_name(eval::FlipFeature(f));
    }
  EXPECT_LE(std::abs(tuned.w[eval::kFlipMobility]), 0.1);
  EXPECT_PRED2(contains, testing_support::read_file(config_.state), "\"evaluation\": \"flip\"");

  // `mobility` is a feature of both evaluations: only the state's evaluation tells them apart.
  config_.rules = engine::Rules();
  const std::string message = error_of([&] { run_spsa_tuner(config_, out); });
  EXPECT_PRED2(contains, message, config_.state + ": it tunes the flip evaluation, this run the dark one");
  EXPECT_EQ(message.find('\n'), std::string::npos);
}

TEST_F(SpsaRun, FlipParameterThatIsNotAFlipFeatureIsNamed) {
  config_.rules.set("kind", "flip");
  std::ofstream(params_) << "[[param]]\nname = \"railway\"\nstart = 0.0\nmin = -0.1\nmax = 0.1\nc_end = 0.02\n"
                            "r_end = 0.05\n";
  EXPECT_PRED2(contains, error_of([&] { run_spsa_tuner(config_, std::cout); }),
               "spsa parameter 'railway': not a feature of the flip evaluation");
}

// A bot given weights in memory keeps their values in its recorded settings, the flip
// game's as the dark game's.
TEST(TunedBots, RecordsKeepInMemoryWeights) {
  search::BotConfig config = search::resolve_bot("ismcts");
  config.flip_weights = eval::find_flip_weights("flip");
  config.flip_weights->w[eval::kFlipInitiative] = 0.5;
  const auto settings = make_player(config)->settings();
  const std::string values = settings.at("flip_weights");
  EXPECT_EQ(std::count(values.begin(), values.end(), ','), eval::kFlipFeatureCount - 1);
  EXPECT_PRED2(contains, values, ",0.500000,");
  EXPECT_EQ(settings.at("weights"), config.params.at("weights"));  // still the name of its file
}

// Flip records: rows of the flip features, each with Red's result in its game (the
// colours are dealt in play, so Red is whichever seat turned up Red's first piece).
TEST(FlipFit, SamplesFlipRecordsAndFitsFiniteFlipWeights) {
  SelfplayConfig config;
  config.bot = "greedy";
  config.games = 40;
  config.rules.set("kind", "flip");
  config.out = temp_file("junqi_flip_fit_test.jsonl");
  config.concurrency = 2;
  std::ostringstream progress;
  ASSERT_EQ(run_selfplay(config, progress), 40);
  const std::vector<GameRecord> records = read_records(config.out);

  SampleOptions all;  // every position after colours are assigned, all to training
  all.per_game = 100000;
  all.skip_plies = 0;
  all.holdout = 0;
  const TunedEvaluation flip(engine::GameKind::kFlip);
  for (const GameRecord& r : {records[0], records[1], records[2]}) {
    const Samples s = sample_positions({r}, flip, all);
    ASSERT_EQ(s.train.games, 1) << r.reason;
    ASSERT_FALSE(s.train.x.empty());
    EXPECT_LT(s.train.x.size(), r.moves.size() + 1);  // never before the first flip
    const double red = r.result == "1-0" ? 1 : r.result == "0-1" ? 0 : 0.5;
    for (size_t i = 0; i < s.train.x.size(); ++i) {
      EXPECT_EQ(s.train.x[i].size(), eval::kFlipFeatureCount);
      EXPECT_EQ(s.train.y[i], red) << r.id;
    }
  }

  FitTunerConfig fit;
  fit.records = {config.out};
  fit.out = temp_file("junqi_flip_fit_test.toml");
  fit.sampling.per_game = 10;
  fit.sampling.skip_plies = 2;
  fit.keep_worse = true;  // greedy's games may fit worse than the start on held-out ones
  std::ostringstream out;
  const FitReport report = run_fit_tuner(fit, out);
  EXPECT_PRED2(contains, out.str(), "fit (flip evaluation)");
  EXPECT_PRED2(contains, out.str(), "start weights 'flip'");
  EXPECT_GT(report.train_positions, 2 * eval::kFlipFeatureCount);
  const eval::FlipWeights fitted = eval::load_flip_weights(fit.out);  // every flip feature, nothing else
  for (int f = 0; f < eval::kFlipFeatureCount; ++f) EXPECT_TRUE(std::isfinite(fitted.w[f]));

  // One evaluation at a time: a dark game among flip games is named.
  SelfplayConfig dark;
  dark.bot = "random";
  dark.games = 1;
  dark.out = temp_file("junqi_flip_fit_test_dark.jsonl");
  ASSERT_EQ(run_selfplay(dark, progress), 1);
  fit.records.push_back(dark.out);
  const GameRecord dark_record = read_records(dark.out)[0];
  EXPECT_PRED2(contains, error_of([&] { run_fit_tuner(fit, out); }),
               "game " + dark_record.id + ": not a flip game, among flip games");
}

}  // namespace
// Ticks worked out by hand: steps of 1, 2 or 5 times a power of ten, about five ticks.
TEST(SvgPlot, TicksAreRoundAndIterationsWhole) {
  EXPECT_EQ(nice_ticks(0, 50, 5, true), (std::vector<double>{0, 10, 20, 30, 40, 50}));
  EXPECT_EQ(nice_ticks(0, 3, 5, true), (std::vector<double>{0, 1, 2, 3}));  // not 0.6, 1.2, ...
  // (1.2 - -0.37) / 5 = 0.314 -> step 0.5; from -0 (written 0) to 1.
  EXPECT_EQ(nice_ticks(-0.37, 1.2, 5, false), (std::vector<double>{0, 0.5, 1}));
  const std::vector<double> t = nice_ticks(-0.37, 1.2, 5, false);
  EXPECT_FALSE(std::signbit(t[0]));
  EXPECT_EQ(nice_ticks(-2.5, 7.5, 5, false), (std::vector<double>{-2, 0, 2, 4, 6}));
}

}  // namespace junqi::runner
