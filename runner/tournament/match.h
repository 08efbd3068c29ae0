#pragma once
// A match: N games between two players, sides alternating, optionally paired (each pair
// plays the same two deployments with the players' sides swapped, so deployment luck
// cancels). Each finished game goes to the record file before the next one starts.

#include <cstdint>
#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/rules.h"
#include "runner/game/record.h"
#include "runner/game/time_control.h"

namespace junqi::runner {

struct MatchConfig {
  std::string first, second;  // player specs; `first` is red in game 1
  // The four-player game, two teams of partners: `first` and first_partner (empty: the
  // same spec) play South and North in game 1, East and West in game 2, and so on;
  // `second` and second_partner the other seats. The teams' names, for records and
  // tables; empty: made from the specs.
  std::string first_partner, second_partner;
  std::string first_team, second_team;
  int games = 2;
  bool paired = false;
  engine::Rules rules;
  TimeControl time_control;
  // A player's own time control instead of time_control (e.g. equal time for unequal bots).
  std::optional<TimeControl> first_time_control, second_time_control;
  uint64_t seed = 1;
  std::string out;  // record file (JSONL, appended); empty = none
  std::string log;  // jqp: programs' stderr and protocol traffic (appended); empty = stderr, no traffic
  int64_t startup_ms = 5000;               // limit for start-up, handshake, new game and deployment
  std::vector<std::string> contest_files;  // copied into each contest: program's directory
  bool contest_keep_dirs = false;          // keep those directories after the game
  int64_t margin_ms = 100;                 // absorbs process jitter before a time loss
};

// The names records give the two sides: the specs; in the four-player game the teams'
// names, else made from the partners' specs (the spec when both play it, else "A+B").
std::array<std::string, 2> side_names(const MatchConfig& config);

// Results from the first player's (the first team's) point of view.
struct MatchScore {
  int wins = 0, draws = 0, losses = 0;
  std::map<std::string, int> reasons;
  double score() const { return wins + 0.5 * draws; }
  int games() const { return wins + draws + losses; }
};

// Plays the match; calls on_game after each game (record, game index, first player red?).
MatchScore play_match(const MatchConfig& config,
                      const std::function<void(const GameRecord&, int, bool)>& on_game = {});

}  // namespace junqi::runner
