// `junqi match`: N games between two players, each result as it finishes, then a summary.
#include <iomanip>
#include <iostream>
#include <memory>

#include "runner/cli/commands.h"
#include "runner/cli/suggest.h"
#include "runner/cli/rules_options.h"
#include "runner/tournament/match.h"

namespace junqi::runner::cli {

void add_match_command(CLI::App& app) {
  struct Args {
    MatchConfig config;
    RulesArgs rules;
    std::string tc = "iterations=1000";
    std::string red_tc, blue_tc;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("match", "Play games between two players");
  cmd->add_option("--red", args->config.first, "First player (red in game 1): bot name, config path, jqp:<command>, contest:<command>")
      ->required();
  cmd->add_option("--blue", args->config.second, "Second player")->required();
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
    config.rules = build_rules(args->rules);
    config.time_control = parse_time_control(args->tc);
    if (!args->red_tc.empty()) config.first_time_control = parse_time_control(args->red_tc);
    if (!args->blue_tc.empty()) config.second_time_control = parse_time_control(args->blue_tc);
    const MatchScore s = play_match(config, [](const GameRecord& r, int, bool) {
      std::cout << "game " << r.id << "  " << r.red << " - " << r.blue << "  " << r.result << "  " << r.reason
                << "  " << r.moves.size() << " plies" << (r.detail.empty() ? "" : "  (" + r.detail + ")")
                << std::endl;
    });
    std::cout << "\n" << config.first << " vs " << config.second << ": +" << s.wins << " =" << s.draws << " -"
              << s.losses << "  score " << s.score() << "/" << s.games() << " (" << std::fixed
              << std::setprecision(1) << 100.0 * s.score() / s.games() << "%)\nreasons:";
    for (const auto& [reason, n] : s.reasons) std::cout << "  " << reason << " " << n;
    std::cout << std::endl;
  });
}

}  // namespace junqi::runner::cli
