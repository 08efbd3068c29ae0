// The flip game's weights files: the shipped one holds the hand-set weights the flip bots
// were measured with, files round-trip exactly, and a bad file gets one line naming the
// file, the line and the key.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "eval/flip_evaluation.h"
#include "tests/support/error_text.h"

namespace junqi::eval {
namespace {

using testing_support::contains;
using testing_support::error_of;

class FlipWeightsFile : public ::testing::Test {
 protected:
  std::string path_ = (std::filesystem::temp_directory_path() /
                       (std::string("junqi_flip_weights_") +
                        ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".toml"))
                          .string();
  void TearDown() override { std::filesystem::remove(path_); }
  void write(const std::string& text) { std::ofstream(path_) << text; }
  // A valid file with every feature at 1, as `name = 1.0` lines in feature order.
  static std::string all_ones(FlipFeature except = kFlipFeatureCount) {
    std::string text;
    for (int f = 0; f < kFlipFeatureCount; ++f)
      if (f != except) text += std::string(flip_feature_name(FlipFeature(f))) + " = 1.0\n";
    return text;
  }
};

// The weights the flip evaluation had as constants in its code before they moved to
// configs/weights/flip.toml, in feature order: the README's flip measurements used these.
TEST_F(FlipWeightsFile, ShippedFileHoldsTheHandSetWeights) {
  const double hand_set[kFlipFeatureCount] = {0.8,  0.64, 0.48, 0.4,   0.32, 0.24,  0.16, 0.12, 0.3,  0.4,
                                              0.3,  0.03, 0.01, 0.07,  0.03, -0.04, -1.0, -0.3, 0.2,  0.3};
  const FlipWeights shipped = find_flip_weights("flip");
  for (int f = 0; f < kFlipFeatureCount; ++f) EXPECT_EQ(shipped.w[f], hand_set[f]) << flip_feature_name(FlipFeature(f));
}

TEST_F(FlipWeightsFile, RoundTripsExactly) {
  FlipWeights weights;
  for (int f = 0; f < kFlipFeatureCount; ++f) weights.w[f] = (f - 9) / 7.0 + 1e-9 * f;  // non-terminating decimals
  weights.w[kFlipMobility] = -3;  // a whole number must still read back as a float
  save_flip_weights(path_, weights, "round trip");
  EXPECT_EQ(load_flip_weights(path_).w, weights.w);
}

TEST_F(FlipWeightsFile, UnknownFeatureIsNamedWithItsLine) {
  write(all_ones() + "iniative = 0.5\n");
  const std::string message = error_of([&] { load_flip_weights(path_); });
  EXPECT_PRED2(contains, message, path_ + ":" + std::to_string(kFlipFeatureCount + 1) + ": iniative: unknown feature");
  EXPECT_PRED2(contains, message, "flip evaluation");
}

TEST_F(FlipWeightsFile, MissingFeatureIsNamed) {
  write(all_ones(kFlipExposure));
  EXPECT_PRED2(contains, error_of([&] { load_flip_weights(path_); }), path_ + ": missing feature 'exposure'");
}

TEST_F(FlipWeightsFile, NonNumberIsNamedWithItsLine) {
  std::string text = all_ones();
  text.replace(text.find("initiative = 1.0"), 16, "initiative = \"high\"");
  write(text);
  EXPECT_PRED2(contains, error_of([&] { load_flip_weights(path_); }),
               path_ + ":" + std::to_string(kFlipInitiative + 1) + ": initiative: expected a number");
}

// The dark game's weights are not the flip game's: its first feature the flip evaluation
// does not have is named (toml++ visits keys in order: `advanced` comes first).
TEST_F(FlipWeightsFile, TheDarkGamesFileIsRefused) {
  const std::string message = error_of([&] { find_flip_weights("default"); });
  EXPECT_PRED2(contains, message, "default.toml:");
  EXPECT_PRED2(contains, message, ": advanced: unknown feature");
}

TEST_F(FlipWeightsFile, UnknownNameSaysWhereItLooked) {
  EXPECT_PRED2(contains, error_of([&] { find_flip_weights("no_such_weights"); }),
               "weights 'no_such_weights' not found (looked for configs/weights/no_such_weights.toml)");
}

}  // namespace
}  // namespace junqi::eval
