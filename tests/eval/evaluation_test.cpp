// Feature values on a hand-built position, and weights files: round trip and errors.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "engine/notation.h"
#include "eval/evaluation.h"
#include "tests/support/error_text.h"

namespace junqi::eval {
namespace {

using namespace junqi::engine;
using testing_support::contains;
using testing_support::error_of;

// Red: Marshal c7, Engineer b3 (a camp), Mine a1, Flag b1, Bomb d1 (a headquarters, so
// it can never move). Blue: Mine a12, Flag b12, General b11.
constexpr const char* kHandBuilt = "lf3/1g3/5/5/5/2M2/5/5/5/1E3/5/LF1B1 r 0 0";

TEST(Features, HandBuiltPositionFromRedsSide) {
  const Features x = features(parse_jfen(kHandBuilt), kRed);
  // Material, ours minus theirs: M +1, G -1, E +1, B +1; mines 1 each.
  EXPECT_EQ(x[kMarshalCount], 1);
  EXPECT_EQ(x[kGeneralCount], -1);
  EXPECT_EQ(x[kDivisionCount], 0);
  EXPECT_EQ(x[kEngineerCount], 1);
  EXPECT_EQ(x[kBombCount], 1);
  EXPECT_EQ(x[kMineCount], 0);
  // b1 links a1, c1, b2: our mine on a1, c1 and b2 empty. b12 links a12, c12, b11: their
  // mine and general, c12 empty.
  EXPECT_EQ(x[kFlagGuard], 1 - 2);
  EXPECT_EQ(x[kFlagMines], 1 - 1);
  EXPECT_EQ(x[kFlagOpen], 2 - 1);
  // Within two links of b1 (a1 c1 b2 b1 a2 d1 c2 b3) no blue mover; within two of b12
  // (a12 c12 b11 a11 d12 c11 b10) no red one.
  EXPECT_EQ(x[kFlagThreat], 0);
  EXPECT_EQ(x[kAdvanced], 1);   // the Marshal on c7 stands in Blue's half
  EXPECT_EQ(x[kAttackers], 2 - 1);  // M and E against g; the bomb in d1 cannot move
  EXPECT_EQ(x[kEngineerCover], 1 - 0);  // min(1 E, 1 l) - min(0 e, 1 L)
  EXPECT_EQ(x[kBombCover], 1 - 0);      // min(1 B, their g) - min(0 b, our M)
  // Steps: c7 links b7 d7 c6 c8 and the camps b8 d8 (6); camp b3 links a3 c3 b2 b4 a2 c2
  // a4 c4 (8); b11 links a11 c11 b10 and b12, its own flag (3).
  EXPECT_EQ(x[kMobility], 6 + 8 - 3);
  EXPECT_EQ(x[kRailway], 1 - 1);  // c7 and b11 are railway squares, b3 is not
  EXPECT_EQ(x[kCamps], 1);        // the engineer on b3
  EXPECT_EQ(x[kTopOfficer], 1);   // Marshal outranks General
}

TEST(Features, AreAntisymmetricBetweenSides) {
  const Position pos = parse_jfen(kHandBuilt);
  EXPECT_EQ(features(pos, kRed), -features(pos, kBlue));
}

TEST(Evaluate, IsTheLogisticOfTheWeightedSum) {
  const Position pos = parse_jfen(kHandBuilt);
  Weights weights;
  weights.w[kMarshalCount] = 0.5;
  weights.w[kMobility] = 0.1;
  // z = 0.5·1 + 0.1·11 = 1.6
  EXPECT_NEAR(evaluate(pos, kRed, weights), 1 / (1 + std::exp(-1.6)), 1e-12);
  EXPECT_NEAR(evaluate(pos, kBlue, weights), 1 / (1 + std::exp(1.6)), 1e-12);
}

class WeightsFile : public ::testing::Test {
 protected:
  std::string path_ = file_name();
  static std::string file_name() {
    std::string name = "junqi_weights_";
    name += ::testing::UnitTest::GetInstance()->current_test_info()->name();
    name += ".toml";
    return (std::filesystem::temp_directory_path() / name).string();
  }
  void TearDown() override { std::filesystem::remove(path_); }
  void write(const std::string& text) { std::ofstream(path_) << text; }
};

TEST_F(WeightsFile, RoundTripsExactly) {
  Weights weights;
  for (int f = 0; f < kFeatureCount; ++f) weights.w[f] = (f - 7) / 3.0 + 1e-9 * f;  // non-terminating decimals
  weights.w[kCamps] = 2;  // a whole number must still read back as a float
  save_weights(path_, weights, "round trip");
  EXPECT_EQ(load_weights(path_).w, weights.w);
}

TEST_F(WeightsFile, ShippedDefaultNamesEveryFeature) {
  EXPECT_NO_THROW(find_weights("default"));
}

TEST_F(WeightsFile, UnknownFeatureIsNamedWithItsLine) {
  std::string text = weights_text(Weights{});
  text += "materiel = 1.0\n";
  write(text);
  const std::string message = error_of([&] { load_weights(path_); });
  EXPECT_PRED2(contains, message, "materiel");
  std::string line = ":";  // the line after the kFeatureCount lines of the features
  line += std::to_string(kFeatureCount + 1);
  line += ":";
  EXPECT_PRED2(contains, message, line);
  EXPECT_PRED2(contains, message, "unknown feature");
}

TEST_F(WeightsFile, MissingFeatureIsNamed) {
  std::string text;
  for (int f = 0; f < kFeatureCount; ++f)
    if (f != kBombCover) text += std::string(feature_name(Feature(f))) + " = 1.0\n";
  write(text);
  const std::string message = error_of([&] { load_weights(path_); });
  EXPECT_PRED2(contains, message, "missing feature 'bomb_cover'");
}

TEST_F(WeightsFile, NonNumberIsAnError) {
  std::string text = weights_text(Weights{});
  text.replace(text.find("marshal = 0.0"), 13, "marshal = \"big\"");
  write(text);
  EXPECT_PRED2(contains, error_of([&] { load_weights(path_); }), "marshal: expected a number");
}

}  // namespace
}  // namespace junqi::eval
