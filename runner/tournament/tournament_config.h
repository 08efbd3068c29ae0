#pragma once
// A tournament as configs/tournaments/NAME.toml describes it: the players, the format
// (round robin or gauntlet), how many rounds and game pairs, the rules, the seed, how
// many games run at once, the record file and an optional deployment book.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/deployment.h"
#include "engine/rules.h"
#include "runner/game/record.h"
#include "runner/tournament/stats.h"
#include "runner/game/time_control.h"
#include "search/bot_config.h"

namespace junqi::runner {

struct TournamentPlayer {
  std::string name;                // unique in the tournament; the records use it
  std::string spec;                // bot name, bot config path or jqp:<command line>
  std::optional<TimeControl> tc;   // its own time control, else the tournament's
  // Set by in-process callers (the tuners): this bot config, not the spec, makes the
  // player; the spec then only describes it.
  std::optional<search::BotConfig> bot;
  // The four-player game, where a player is a team of two partners: the partner's spec
  // (empty: the same as spec). The player's spec takes South or East, the partner North
  // or West.
  std::string partner;
};

enum class TournamentFormat { kRoundRobin, kGauntlet };  // gauntlet: players[0] against each other

struct TournamentConfig {
  std::string source;  // the file it was read from, for messages
  std::vector<TournamentPlayer> players;
  TournamentFormat format = TournamentFormat::kRoundRobin;
  int rounds = 1;
  int pairs = 1;  // game pairs per pairing and round; a pair = the same two deployments, sides swapped
  engine::Rules rules;
  TimeControl time_control;  // for players without their own
  uint64_t seed = 1;
  int concurrency = 0;  // games at once; 0 = hardware threads
  std::string out;      // JSONL record file
  // Spectators of the games in progress (junqi tournament --serve): GameSetup::on_move.
  std::function<void(const GameRecord&)> on_move;
  std::string log;      // jqp: programs' stderr and traffic; empty = stderr
  std::vector<engine::Deployment> book;  // empty: each pair draws random deployments
  int64_t startup_ms = 5000;
  std::vector<std::string> contest_files;  // copied into each contest: program's directory
  bool contest_keep_dirs = false;          // keep those directories after the game
  int64_t margin_ms = 100;
  std::optional<stats::SprtConfig> sprt;  // two players only: stop once the GSPRT decides
};

// The deployments of a book file (one deployment string a line, '#' comments), a path or
// the name of a shipped book (configs/books/NAME.txt); errors name the file and line.
std::vector<engine::Deployment> read_book(const std::string& spec);

// Reads and checks a tournament file; errors name the file, line and key. Relative
// paths inside (rules, book) are tried from the current directory, then from the
// file's own directory; `rules` may also name a shipped file (configs/rules/NAME.toml).
TournamentConfig load_tournament_config(const std::string& path);

// Throws engine::Error if the config cannot make a tournament (too few players, an SPRT
// with more than two, ...).
void check_tournament_config(const TournamentConfig& config);

std::string format_name(TournamentFormat format);

// `games` per pairing and round as pairs (games come in pairs, sides swapped); throws an
// error starting with `what` unless games is even and at least 2.
int pairs_of_games(int64_t games, const std::string& what);

}  // namespace junqi::runner
