#pragma once
// Rule options of RULES.md §9, their defaults, and setting them by name.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/types.h"

namespace junqi::engine {

enum class GameKind { kDark, kOpen, kFlip, kFour };
enum class MineRule { kAttackerDies, kBothDie, kAllDie };
enum class FlipFlagCapture { kAny, kAfterMines };
enum class FlipColour { kFirstEngineer, kFirstFlip };
enum class Immobile { kOnTurn, kAtOnce };

struct Rules {
  GameKind kind = GameKind::kDark;
  MineRule mine = MineRule::kAttackerDies;
  bool marshal_death_reveals_flag = true;
  bool engineer_scout = false;
  bool engineer_turns = true;
  int rail_max = 0;  // 0 = unlimited
  bool hq_exit = false;
  int no_capture_draw = 70;
  int max_plies = 1000;
  FlipFlagCapture flip_flag_capture = FlipFlagCapture::kAfterMines;
  FlipColour flip_colour = FlipColour::kFirstEngineer;
  bool four_allies_visible = false;
  bool bomb_flies = false;
  bool all_turn = false;
  bool marshal_takes_flag = true;
  Immobile immobile = Immobile::kOnTurn;

  // Whether pieces of type t on the railway follow turning runs rather than straight ones.
  // The interplay of RULES.md §9 lives here alone: all_turn turns everyone whatever
  // engineer_turns says, and flying Bombs turn even when Engineers may not.
  constexpr bool turns(PieceType t) const { return turns(t, engineer_turns, bomb_flies, all_turn); }
  // The same from the three options, for move generation, which knows some of them at
  // compile time on its fast path.
  static constexpr bool turns(PieceType t, bool engineer_turns, bool bomb_flies, bool all_turn) {
    return (t == kEngineer && engineer_turns) || all_turn || (t == kBomb && bomb_flies);
  }
  // Whether the house rules that change how pieces move (bomb_flies, all_turn,
  // marshal_takes_flag) are all at their defaults.
  constexpr bool standard_movement() const { return !bomb_flies && !all_turn && marshal_takes_flag; }

  // Sets one option from its text form. Throws Error naming the key for an unknown key
  // or a bad value.
  void set(std::string_view key, std::string_view value);
  // Parses "key=value" as given on the command line (--rule).
  void set_assignment(std::string_view assignment);
  // Every option as (key, value text), in the order of RULES.md §9.
  std::vector<std::pair<std::string, std::string>> entries() const;

  bool operator==(const Rules&) const = default;
};

// The kind's name as rule files, records and the web API write it: "dark", "open", "flip",
// "four" (the `kind` option's own choices).
std::string_view kind_name(GameKind kind);

// Throws Error if the rules are the four-player game's: the 2-player Game and referee
// cannot play it (engine/four/game.h and the four-player referee do).
void check_two_player_kind(const Rules& rules);

// The value type of an option, so that config loaders can check types.
enum class OptionType { kBool, kInt, kChoice };
// Throws Error if key is not an option.
OptionType option_type(std::string_view key);

// Loads a rules file (TOML, top-level keys as in RULES.md §9) over the defaults.
// Errors name the file, the line and the key.
Rules load_rules_file(const std::string& path);

}  // namespace junqi::engine
