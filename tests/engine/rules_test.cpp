// Rule options (RULES.md §9): defaults, set() for every option, refusals whose messages
// name the key, and loading TOML rules files.

#include "engine/rules.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "engine/error.h"
#include "tests/support/error_text.h"

namespace junqi::engine {
namespace {

using testing_support::contains;
using testing_support::error_of;

std::string set_error(std::string_view key, std::string_view value) {
  Rules r;
  return error_of([&] { r.set(key, value); });
}

TEST(Rules, DefaultsAreThoseOfTheSpec) {
  // RULES.md §9, row by row.
  const Rules r;
  EXPECT_EQ(r.kind, GameKind::kDark);
  EXPECT_EQ(r.mine, MineRule::kAttackerDies);
  EXPECT_TRUE(r.marshal_death_reveals_flag);
  EXPECT_FALSE(r.engineer_scout);
  EXPECT_TRUE(r.engineer_turns);
  EXPECT_EQ(r.rail_max, 0);
  EXPECT_FALSE(r.hq_exit);
  EXPECT_EQ(r.no_capture_draw, 70);
  EXPECT_EQ(r.max_plies, 1000);
  EXPECT_EQ(r.flip_flag_capture, FlipFlagCapture::kAfterMines);
  EXPECT_EQ(r.flip_colour, FlipColour::kFirstEngineer);
  EXPECT_FALSE(r.four_allies_visible);
  EXPECT_FALSE(r.bomb_flies);
  EXPECT_FALSE(r.all_turn);
  EXPECT_TRUE(r.marshal_takes_flag);
  EXPECT_EQ(r.immobile, Immobile::kOnTurn);
  const std::vector<std::pair<std::string, std::string>> expected = {{"kind", "dark"},
                                                                     {"mine", "attacker-dies"},
                                                                     {"marshal_death_reveals_flag", "true"},
                                                                     {"engineer_scout", "false"},
                                                                     {"engineer_turns", "true"},
                                                                     {"rail_max", "0"},
                                                                     {"hq_exit", "false"},
                                                                     {"no_capture_draw", "70"},
                                                                     {"max_plies", "1000"},
                                                                     {"flip_flag_capture", "after-mines"},
                                                                     {"flip_colour", "first-engineer"},
                                                                     {"four_allies_visible", "false"},
                                                                     {"bomb_flies", "false"},
                                                                     {"all_turn", "false"},
                                                                     {"marshal_takes_flag", "true"},
                                                                     {"immobile", "on-turn"}};
  EXPECT_EQ(r.entries(), expected);
}

TEST(Rules, SetEveryOption) {
  Rules r;
  r.set("kind", "open");
  EXPECT_EQ(r.kind, GameKind::kOpen);
  r.set("kind", "dark");
  EXPECT_EQ(r.kind, GameKind::kDark);
  r.set("mine", "both-die");
  EXPECT_EQ(r.mine, MineRule::kBothDie);
  r.set("marshal_death_reveals_flag", "false");
  EXPECT_FALSE(r.marshal_death_reveals_flag);
  r.set("engineer_scout", "true");
  EXPECT_TRUE(r.engineer_scout);
  r.set("engineer_turns", "false");
  EXPECT_FALSE(r.engineer_turns);
  r.set("rail_max", "3");
  EXPECT_EQ(r.rail_max, 3);
  r.set("hq_exit", "true");
  EXPECT_TRUE(r.hq_exit);
  r.set("no_capture_draw", "10");  // the smallest allowed
  EXPECT_EQ(r.no_capture_draw, 10);
  r.set("max_plies", "300");
  EXPECT_EQ(r.max_plies, 300);
  r.set("flip_flag_capture", "any");
  EXPECT_EQ(r.flip_flag_capture, FlipFlagCapture::kAny);
  r.set("flip_colour", "first-flip");
  EXPECT_EQ(r.flip_colour, FlipColour::kFirstFlip);
  r.set("four_allies_visible", "true");
  EXPECT_TRUE(r.four_allies_visible);
  r.set("bomb_flies", "true");
  EXPECT_TRUE(r.bomb_flies);
  r.set("all_turn", "true");
  EXPECT_TRUE(r.all_turn);
  r.set("marshal_takes_flag", "false");
  EXPECT_FALSE(r.marshal_takes_flag);
  r.set("immobile", "at-once");
  EXPECT_EQ(r.immobile, Immobile::kAtOnce);
  // Each value reads back through entries(); and back to the defaults.
  EXPECT_EQ(r.entries()[1].second, "both-die");
  EXPECT_EQ(r.entries().back(), (std::pair<std::string, std::string>{"immobile", "at-once"}));
  r.set("mine", "all-die");
  EXPECT_EQ(r.mine, MineRule::kAllDie);
  EXPECT_EQ(r.entries()[1].second, "all-die");
  for (const auto& [key, value] : Rules().entries()) r.set(key, value);
  EXPECT_EQ(r, Rules());
}

TEST(Rules, SetAssignment) {
  Rules r;
  r.set_assignment("rail_max=2");
  EXPECT_EQ(r.rail_max, 2);
  EXPECT_PRED2(contains, error_of([&] { r.set_assignment("rail_max"); }), "key=value");
  EXPECT_PRED2(contains, error_of([&] { r.set_assignment("=3"); }), "key=value");
  EXPECT_PRED2(contains, error_of([&] { r.set_assignment("rail_max=x"); }), "rail_max");
}

TEST(Rules, UnknownKeyAndBadValuesNameTheKey) {
  EXPECT_PRED2(contains, set_error("railmax", "1"), "'railmax'");
  EXPECT_PRED2(contains, set_error("", "1"), "unknown rule option");
  for (auto [key, value] : {std::pair{"kind", "chess"},
                            {"mine", "both_die"},
                            {"flip_flag_capture", "never"},
                            {"marshal_death_reveals_flag", "yes"},
                            {"engineer_scout", "1"},
                            {"engineer_turns", "True"},
                            {"hq_exit", ""},
                            {"four_allies_visible", "no"},
                            {"mine", "all_die"},
                            {"mine", "all"},
                            {"bomb_flies", "yes"},
                            {"all_turn", "1"},
                            {"marshal_takes_flag", "False"},
                            {"immobile", "at_once"},
                            {"immobile", "never"},
                            {"rail_max", "-1"},
                            {"rail_max", "two"},
                            {"rail_max", "2x"},
                            {"max_plies", "0"},
                            {"max_plies", "-5"},
                            {"no_capture_draw", ""},
                            {"no_capture_draw", "99999999999"}}) {
    const std::string msg = set_error(key, value);
    EXPECT_PRED2(contains, msg, key) << "value '" << value << "'";
  }
  // A refused value leaves the rules as they were.
  Rules r;
  EXPECT_THROW(r.set("rail_max", "-1"), Error);
  EXPECT_EQ(r, Rules());
}

TEST(Rules, FlipAndFourAreKindsTheTwoPlayerGameRefusesFour) {
  Rules r;
  r.set("kind", "flip");
  EXPECT_EQ(r.kind, GameKind::kFlip);
  EXPECT_NO_THROW(check_two_player_kind(r));
  r.set("kind", "four");
  EXPECT_EQ(r.kind, GameKind::kFour);
  // The 2-player Game and referee refuse four; it has a game object and referee of its own.
  const std::string msg = error_of([&] { check_two_player_kind(r); });
  EXPECT_PRED2(contains, msg, "kind");
  EXPECT_PRED2(contains, msg, "four-player");
}

TEST(Rules, NoCaptureDrawAtLeastTen) {
  // RULES.md §9: any n >= 10.
  EXPECT_PRED2(contains, set_error("no_capture_draw", "9"), "no_capture_draw");
  EXPECT_PRED2(contains, set_error("no_capture_draw", "0"), "no_capture_draw");
  Rules r;
  EXPECT_NO_THROW(r.set("no_capture_draw", "10"));
  EXPECT_NO_THROW(r.set("no_capture_draw", "500"));
}

TEST(Rules, WhoTurnsOnTheRailway) {
  // RULES.md §9 interplay, piece type by piece type.
  Rules r;  // defaults: Engineers only
  EXPECT_TRUE(r.turns(kEngineer));
  EXPECT_FALSE(r.turns(kBomb));
  EXPECT_FALSE(r.turns(kMarshal));
  r.engineer_turns = false;  // nobody
  EXPECT_FALSE(r.turns(kEngineer));
  r.bomb_flies = true;  // Bombs turn even when Engineers may not
  EXPECT_TRUE(r.turns(kBomb));
  EXPECT_FALSE(r.turns(kEngineer));
  r.all_turn = true;  // everyone, whatever engineer_turns says
  for (PieceType t : {kMarshal, kPlatoon, kEngineer, kBomb}) EXPECT_TRUE(r.turns(t)) << int(t);
}

TEST(Rules, BadChoiceListsTheChoices) {
  // The message names the key and every value RULES.md allows.
  const std::string mine = set_error("mine", "bomb");
  for (std::string_view part : {"mine", "attacker-dies", "both-die", "all-die"}) EXPECT_PRED2(contains, mine, part);
  const std::string immobile = set_error("immobile", "now");
  for (std::string_view part : {"immobile", "on-turn", "at-once"}) EXPECT_PRED2(contains, immobile, part);
}

TEST(Rules, OptionTypes) {
  EXPECT_EQ(option_type("kind"), OptionType::kChoice);
  EXPECT_EQ(option_type("immobile"), OptionType::kChoice);
  EXPECT_EQ(option_type("bomb_flies"), OptionType::kBool);
  EXPECT_EQ(option_type("all_turn"), OptionType::kBool);
  EXPECT_EQ(option_type("marshal_takes_flag"), OptionType::kBool);
  EXPECT_EQ(option_type("hq_exit"), OptionType::kBool);
  EXPECT_EQ(option_type("rail_max"), OptionType::kInt);
  EXPECT_THROW(option_type("nope"), Error);
}

TEST(Rules, StandardFileGivesTheDefaults) {
  EXPECT_EQ(load_rules_file(JUNQI_SOURCE_DIR "/configs/rules/standard.toml"), Rules());
}

TEST(Rules, ShippedHouseRuleFiles) {
  // house.toml: the five house rules on, everything else standard.
  Rules house;
  house.bomb_flies = true;
  house.all_turn = true;
  house.marshal_takes_flag = false;
  house.mine = MineRule::kAllDie;
  house.immobile = Immobile::kAtOnce;
  EXPECT_EQ(load_rules_file(JUNQI_SOURCE_DIR "/configs/rules/house.toml"), house);
  // immobile-at-once.toml: the standard game ending at once.
  Rules at_once;
  at_once.immobile = Immobile::kAtOnce;
  EXPECT_EQ(load_rules_file(JUNQI_SOURCE_DIR "/configs/rules/immobile-at-once.toml"), at_once);
}

// A TOML file in the temp directory, removed at the end of the test.
class TempToml {
 public:
  explicit TempToml(std::string_view text)
      : path_((std::filesystem::temp_directory_path() / ("junqi_rules_test_" + std::to_string(::getpid()) +
                                                         "_" + std::to_string(counter_++) + ".toml"))
                  .string()) {
    std::ofstream(path_) << text;
  }
  ~TempToml() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  static inline int counter_ = 0;
  std::string path_;
};

std::string load_error(std::string_view text, std::string* path_out = nullptr) {
  TempToml file(text);
  if (path_out) *path_out = file.path();
  return error_of([&] { load_rules_file(file.path()); });
}

TEST(Rules, LoadFileOverDefaults) {
  TempToml file(
      "# partial: the rest stays at the defaults\nmine = \"both-die\"\nrail_max = 2\nhq_exit = true\n");
  Rules expected;
  expected.mine = MineRule::kBothDie;
  expected.rail_max = 2;
  expected.hq_exit = true;
  EXPECT_EQ(load_rules_file(file.path()), expected);
}

TEST(Rules, LoadFileWithTheHouseRules) {
  TempToml file(
      "bomb_flies = true\nall_turn = true\nmarshal_takes_flag = false\nmine = \"all-die\"\nimmobile = \"at-once\"\n");
  Rules expected;
  expected.bomb_flies = true;
  expected.all_turn = true;
  expected.marshal_takes_flag = false;
  expected.mine = MineRule::kAllDie;
  expected.immobile = Immobile::kAtOnce;
  EXPECT_EQ(load_rules_file(file.path()), expected);
  std::string path;
  const std::string msg = load_error("bomb_flies = true\nimmobile = true\n", &path);
  EXPECT_PRED2(contains, msg, path + ":2:");
  EXPECT_PRED2(contains, msg, "immobile");
}

TEST(Rules, LoadFileErrorsNameFileLineAndKey) {
  std::string path;
  // Unknown key on line 3.
  std::string msg = load_error("kind = \"dark\"\n\nrailmax = 1\n", &path);
  EXPECT_PRED2(contains, msg, path + ":3:");
  EXPECT_PRED2(contains, msg, "railmax");
  // Bad type: an integer where a string is expected, line 2.
  msg = load_error("kind = \"dark\"\nmine = 3\n", &path);
  EXPECT_PRED2(contains, msg, path + ":2:");
  EXPECT_PRED2(contains, msg, "mine");
  // Bad type: a string where a boolean is expected, line 1.
  msg = load_error("hq_exit = \"true\"\n", &path);
  EXPECT_PRED2(contains, msg, path + ":1:");
  EXPECT_PRED2(contains, msg, "hq_exit");
  // Bad value, line 4.
  msg = load_error("kind = \"open\"\nmine = \"both-die\"\nrail_max = 1\nno_capture_draw = 5\n", &path);
  EXPECT_PRED2(contains, msg, path + ":4:");
  EXPECT_PRED2(contains, msg, "no_capture_draw");
  // A kind that does not exist, line 1.
  msg = load_error("kind = \"five\"\n", &path);
  EXPECT_PRED2(contains, msg, path + ":1:");
  EXPECT_PRED2(contains, msg, "kind");
  // TOML syntax error: names the file and line.
  msg = load_error("kind = \"dark\"\nmine = \n", &path);
  EXPECT_PRED2(contains, msg, path + ":2:");
}

}  // namespace
}  // namespace junqi::engine
