// `junqi match`: N games between two players, each result as it finishes, then a summary.
#include <iomanip>
#include <iostream>
#include <memory>

#include "engine/error.h"
#include "runner/cli/commands.h"
#include "runner/cli/suggest.h"
#include "runner/cli/rules_options.h"
#include "runner/game/four_record.h"
#include "runner/game/text.h"
#include "runner/tournament/match.h"

namespace junqi::runner::cli {
namespace {

// "KEY=SPEC" split at the first '=' (a spec may hold more); throws naming the option.
std::pair<std::string, std::string> key_and_spec(const std::string& option, const std::string& text,
                                                 const std::string& example) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw engine::Error(cat({option, " '", text, "': expected ", example}));
  return {text.substr(0, eq), text.substr(eq + 1)};
}

// The players of a four-player match from --seat S=SPEC x4 or --team NAME=SPEC x2: the
// first team plays South and North in game 1. Throws one line naming what is wrong.
void set_four_players(MatchConfig& config, const std::vector<std::string>& seats, const std::vector<std::string>& teams,
                      bool red_or_blue) {
  if (red_or_blue) throw engine::Error("match: kind=four takes --seat S=SPEC (x4) or --team NAME=SPEC (x2), not --red/--blue");
  if (!seats.empty() && !teams.empty()) throw engine::Error("match: give --seat or --team, not both");
  if (!teams.empty()) {
    if (teams.size() != 2) throw engine::Error(cat({"match: --team twice (two teams), not ", std::to_string(teams.size()), " times"}));
    std::tie(config.first_team, config.first) = key_and_spec("--team", teams[0], "NAME=SPEC, e.g. A=random");
    std::tie(config.second_team, config.second) = key_and_spec("--team", teams[1], "NAME=SPEC, e.g. B=greedy");
    if (config.first_team == config.second_team)
      throw engine::Error(cat({"match: two teams named '", config.first_team, "'"}));
    return;
  }
  std::array<std::optional<std::string>, kFourSeats> by_seat;
  for (const std::string& text : seats) {
    const auto [letter, spec] = key_and_spec("--seat", text, "S=SPEC with a seat S, E, N or W");
    const auto seat = parse_four_seat_letter(letter);
    if (!seat) throw engine::Error(cat({"--seat '", text, "': '", letter, "' is no seat (S, E, N or W)"}));
    if (by_seat[*seat]) throw engine::Error(cat({"--seat '", text, "': seat ", letter, " is given twice"}));
    by_seat[*seat] = spec;
  }
  for (int s = 0; s < kFourSeats; ++s)
    if (!by_seat[s])
      throw engine::Error(cat({"match: kind=four needs a player for every seat: --seat ", std::string(1, four_seat_letter(s)),
                               "=SPEC is missing (or give --team NAME=SPEC twice)"}));
  config.first = *by_seat[0];
  config.first_partner = *by_seat[2];
  config.second = *by_seat[1];
  config.second_partner = *by_seat[3];
}

}  // namespace

void add_match_command(CLI::App& app) {
  struct Args {
    MatchConfig config;
    RulesArgs rules;
    std::string tc = "iterations=1000";
    std::string red_tc, blue_tc;
    std::vector<std::string> seats, teams;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("match", "Play games between two players");
  cmd->add_option("--red", args->config.first, "First player (red in game 1): bot name, config path, jqp:<command>, contest:<command>");
  cmd->add_option("--blue", args->config.second, "Second player");
  cmd->add_option("--seat", args->seats, "kind=four: the player of a seat, S=SPEC (S, E, N, W; each once)");
  cmd->add_option("--team", args->teams, "kind=four: a team, NAME=SPEC for both partners (twice; the first is South+North in game 1)");
  cmd->add_option("--games", args->config.games, "Number of games (sides alternate)")->check(at_least(1));
  cmd->add_flag("--paired", args->config.paired, "Each pair of games replays the same two deployments, sides swapped");
  cmd->add_option("--tc", args->tc, "Time control: movetime=MS, clock=MS+INC or iterations=N");
  cmd->add_option("--red-tc", args->red_tc, "The first player's own time control, over --tc");
  cmd->add_option("--blue-tc", args->blue_tc, "The second player's own time control, over --tc");
  cmd->add_option("--seed", args->config.seed, "Seed of the whole match");
  cmd->add_option("--out", args->config.out, "Append game records (JSON lines) to this file");
  cmd->add_option("--log", args->config.log, "Append programs' stderr and protocol traffic to this file");
  add_contest_options(*cmd, args->config.contest_files, args->config.contest_keep_dirs);
  add_rules_options(*cmd, args->rules);
  cmd->callback([args] {
    MatchConfig config = args->config;
    config.rules = build_rules(args->rules, RulesUse::kPlaysFour);
    if (config.rules.kind == engine::GameKind::kFour)
      set_four_players(config, args->seats, args->teams, !config.first.empty() || !config.second.empty());
    else if (!args->seats.empty() || !args->teams.empty())
      throw engine::Error("match: --seat and --team are for the four-player game (--rule kind=four)");
    else if (config.first.empty() || config.second.empty())
      throw engine::Error("match: give both players, --red SPEC and --blue SPEC");
    config.time_control = parse_time_control(args->tc);
    if (!args->red_tc.empty()) config.first_time_control = parse_time_control(args->red_tc);
    if (!args->blue_tc.empty()) config.second_time_control = parse_time_control(args->blue_tc);
    const MatchScore s = play_match(config, [](const GameRecord& r, int, bool) {
      std::cout << "game " << r.id << "  " << r.red << " - " << r.blue << "  " << r.result << "  " << r.reason
                << "  " << r.moves.size() << " plies" << (r.detail.empty() ? "" : "  (" + r.detail + ")")
                << std::endl;
    });
    const auto [first, second] = side_names(config);
    std::cout << "\n" << first << " vs " << second << ": +" << s.wins << " =" << s.draws << " -"
              << s.losses << "  score " << s.score() << "/" << s.games() << " (" << std::fixed
              << std::setprecision(1) << 100.0 * s.score() / s.games() << "%)\nreasons:";
    for (const auto& [reason, n] : s.reasons) std::cout << "  " << reason << " " << n;
    std::cout << std::endl;
  });
}

}  // namespace junqi::runner::cli
