// `junqi tournament`: plays a tournament from configs/tournaments/NAME.toml and/or flags
// (flags override the file), resumable;
// `junqi merge`: joins the record files of shards.
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <vector>

#include "engine/error.h"
#include "runner/cli/commands.h"
#include "runner/cli/suggest.h"
#include "runner/cli/interrupt.h"
#include "runner/cli/live_server.h"
#include "runner/cli/rules_options.h"
#include "runner/cli/slurm_options.h"
#include "runner/game/text.h"
#include "runner/tournament/tournament.h"
#include "runner/tournament/tournament_config.h"
#include "runner/tournament/tournament_records.h"
#include "runner/tournament/tournament_schedule.h"

namespace junqi::runner::cli {
namespace {

struct TournamentArgs {
  std::string config, out, resume, shard, sprt;
  std::optional<uint64_t> seed;
  std::optional<int> concurrency;
  // The tournament file's settings as flags; given ones override the file.
  std::vector<std::string> players;  // NAME=SPEC, or SPEC named by itself
  std::vector<std::string> player_tcs;  // NAME=TC
  std::vector<std::string> partners;    // NAME=SPEC: a four-player team's partner
  std::string format, tc, book;
  std::optional<int> pairs, games, rounds;
  RulesArgs rules;
  std::vector<std::string> contest_files;
  bool contest_keep_dirs = false;
  SlurmArgs slurm;
  std::optional<int> serve;  // --serve PORT: the page follows the games live
};

TournamentPlayer player_of(const std::string& text) {
  const auto eq = text.find('=');
  TournamentPlayer p;
  // "jqp:prog --depth=3" is a spec, not a name "jqp:prog --depth": names hold no ':'.
  if (eq != std::string::npos && eq > 0 && text.find(':') > eq) {
    p.name = text.substr(0, eq);
    p.spec = text.substr(eq + 1);
  } else {
    p.name = p.spec = text;
  }
  if (p.spec.empty()) throw engine::Error(cat({"--player '", text, "': expected NAME=SPEC"}));
  return p;
}

// "NAME=TC": that player's own time control, over the file's.
void set_player_tc(TournamentConfig& config, const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    throw engine::Error(cat({"--player-tc '", text, "': expected NAME=TC (e.g. ismcts=movetime=100)"}));
  const std::string name = text.substr(0, eq);
  for (TournamentPlayer& p : config.players)
    if (p.name == name) {
      try {
        p.tc = parse_time_control(text.substr(eq + 1));
      } catch (const engine::Error& e) {
        throw engine::Error(cat({"--player-tc '", text, "': ", e.what()}));
      }
      return;
    }
  throw engine::Error(cat({"--player-tc '", text, "': no player named '", name, "'"}));
}

// "NAME=SPEC": the partner of that player's team in the four-player game.
void set_partner(TournamentConfig& config, const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw engine::Error(cat({"--partner '", text, "': expected NAME=SPEC (e.g. ismcts=random)"}));
  const std::string name = text.substr(0, eq);
  for (TournamentPlayer& p : config.players)
    if (p.name == name) {
      p.partner = text.substr(eq + 1);
      return;
    }
  throw engine::Error(cat({"--partner '", text, "': no player named '", name, "'"}));
}

// The config file (if any) with the flags given on top, checked.
TournamentConfig config_of(const TournamentArgs& args) {
  TournamentConfig config;
  if (!args.config.empty()) config = load_tournament_config(args.config);
  else config.source = "(flags)";
  if (!args.players.empty()) {
    config.players.clear();
    for (const std::string& p : args.players) config.players.push_back(player_of(p));
  }
  for (const std::string& text : args.player_tcs) set_player_tc(config, text);
  for (const std::string& text : args.partners) set_partner(config, text);
  if (!args.format.empty())
    config.format = args.format == "gauntlet" ? TournamentFormat::kGauntlet : TournamentFormat::kRoundRobin;
  if (args.pairs) config.pairs = *args.pairs;
  if (args.games) config.pairs = pairs_of_games(*args.games, "--games");
  if (args.rounds) config.rounds = *args.rounds;
  if (!args.tc.empty()) config.time_control = parse_time_control(args.tc);
  if (!args.rules.file.empty()) config.rules = load_rules(args.rules.file);
  for (const std::string& a : args.rules.assignments) config.rules.set_assignment(a);
  if (!args.book.empty()) config.book = read_book(args.book);
  if (args.sprt == "none") config.sprt.reset();
  else if (!args.sprt.empty()) config.sprt = stats::parse_sprt(args.sprt);
  if (!args.contest_files.empty()) config.contest_files = args.contest_files;
  if (args.contest_keep_dirs) config.contest_keep_dirs = true;
  if (config.players.empty())
    throw engine::Error("tournament: no players (give --config FILE, or --player NAME=SPEC at least twice)");
  try {
    check_tournament_config(config);
  } catch (const engine::Error& e) {
    throw engine::Error(cat({config.source, ": ", e.what()}));
  }
  return config;
}

// The flags that make the same tournament again: for the resume hint, and for the
// shards of a Slurm job (without --shard and --sprt, which a job's tasks set themselves).
// A tournament flag missing here would be lost by both.
std::vector<std::string> same_tournament_flags(const TournamentArgs& args, bool shard_and_sprt = true) {
  std::vector<std::string> s;
  auto add = [&s](const std::string& flag, const std::string& value) { s.insert(s.end(), {flag, value}); };
  if (!args.config.empty()) add("--config", args.config);
  for (const std::string& p : args.players) add("--player", p);
  for (const std::string& p : args.player_tcs) add("--player-tc", p);
  for (const std::string& p : args.partners) add("--partner", p);
  if (!args.format.empty()) add("--format", args.format);
  if (args.pairs) add("--pairs", std::to_string(*args.pairs));
  if (args.games) add("--games", std::to_string(*args.games));
  if (args.rounds) add("--rounds", std::to_string(*args.rounds));
  if (!args.tc.empty()) add("--tc", args.tc);
  if (!args.book.empty()) add("--book", args.book);
  if (!args.rules.file.empty()) add("--rules", args.rules.file);
  for (const std::string& a : args.rules.assignments) add("--rule", a);
  if (args.seed) add("--seed", std::to_string(*args.seed));
  if (!args.shard.empty() && shard_and_sprt) add("--shard", args.shard);
  if (!args.sprt.empty() && shard_and_sprt) add("--sprt", args.sprt);
  for (const std::string& f : args.contest_files) add("--contest-files", f);
  if (args.contest_keep_dirs) s.push_back("--contest-keep-dirs");
  if (args.serve) add("--serve", std::to_string(*args.serve));
  return s;
}

void run_tournament(const TournamentArgs& args) {
  TournamentConfig config = config_of(args);
  if (args.seed) config.seed = *args.seed;
  if (!args.slurm.dir.empty() && args.serve)
    throw engine::Error("--serve follows a tournament played here: it cannot go with --slurm (serve the merged "
                        "record file with junqi serve --watch)");
  if (!args.slurm.dir.empty()) {
    if (!args.out.empty() || !args.resume.empty() || !args.shard.empty())
      throw engine::Error("--slurm: the job directory holds the records; --out, --resume and --shard do not apply");
    return submit_tournament_to_slurm(args.slurm, config, same_tournament_flags(args, false), args.concurrency);
  }
  if (args.concurrency) config.concurrency = *args.concurrency;
  if (!args.out.empty()) config.out = args.out;
  if (!args.resume.empty()) config.out = args.resume;
  if (config.out.empty())
    config.out = cat({"out/", args.config.empty() ? "tournament" : std::filesystem::path(args.config).stem().string(),
                      ".jsonl"});
  const Shard shard = args.shard.empty() ? Shard{} : parse_shard(args.shard);
  std::optional<LiveServer> live;
  if (args.serve) {
    live.emplace(*args.serve, config.out);
    config.on_move = live->on_move();
    std::cout << "junqi tournament: follow the games at http://127.0.0.1:" << live->port() << "/" << std::endl;
  }
  InterruptGuard guard;
  if (play_tournament(config, shard, !args.resume.empty(), &g_interrupted)) {
    live.reset();  // std::exit runs no destructors: stop serving first
    std::cout << "Resume with:\n  junqi tournament " << shell_words(same_tournament_flags(args)) << " --resume "
              << shell_word(config.out)
              << std::endl;
    std::exit(130);
  }
}

}  // namespace

namespace {

void add_tournament_options(CLI::App* cmd, const std::shared_ptr<TournamentArgs>& args) {
  cmd->add_option("--config", args->config, "Tournament file (configs/tournaments/NAME.toml); flags override it")
      ->check(CLI::ExistingFile);
  cmd->add_option("--player", args->players,
                  "A player NAME=SPEC (bot name, config path, jqp:<command line> or contest:<command line>), "
                  "repeatable; replaces the file's");
  cmd->add_option("--player-tc", args->player_tcs,
                  "A player's own time control NAME=TC (e.g. pimc=movetime=50), repeatable; over --tc and the file's");
  cmd->add_option("--partner", args->partners,
                  "kind=four: a team's partner NAME=SPEC (the player NAME plays South or East, the partner North or "
                  "West; without it both play the player's spec), repeatable");
  cmd->add_option("--format", args->format, "round-robin or gauntlet (the first player against each other)")
      ->check(CLI::IsMember({"round-robin", "gauntlet"}));
  auto* pairs = cmd->add_option("--pairs", args->pairs, "Game pairs per pairing and round")->check(at_least(1));
  cmd->add_option("--book", args->book,
                  "Deployment book: a file of deployments, one a line, or a shipped one by name (sensible: "
                  "the bots' own choice of deployment); each pair draws its two from it instead of random ones");
  cmd->add_option("--games", args->games, "Games per pairing and round (even: games come in pairs), instead of --pairs")
      ->check(at_least(2))
      ->excludes(pairs);
  cmd->add_option("--rounds", args->rounds, "Rounds")->check(at_least(1));
  cmd->add_option("--tc", args->tc, "Time control for players without their own (e.g. iterations=300, movetime=200)");
  add_rules_options(*cmd, args->rules);
  cmd->add_option("--concurrency", args->concurrency, "Games at once (default: the config's, else hardware threads)")
      ->check(at_least(1));
  cmd->add_option("--out", args->out, "Record file (JSON lines); must be new or empty");
  cmd->add_option("--seed", args->seed, "Seed of the schedule (deployments and game seeds)");
  cmd->add_option("--shard", args->shard, "Play only the K-th of N disjoint slices of the schedule, K/N");
  cmd->add_option("--resume", args->resume, "Continue this record file: play exactly the games it lacks");
  cmd->add_option("--sprt", args->sprt,
                  "Two players: stop once the GSPRT decides, \"elo0=0 elo1=10 alpha=0.05 beta=0.05 "
                  "[model=normalized|logistic]\"; none: the file's SPRT off");
  add_contest_options(*cmd, args->contest_files, args->contest_keep_dirs);
  add_slurm_options(*cmd, args->slurm);
  cmd->add_option("--serve", args->serve,
                  "Serve the page on 127.0.0.1:PORT (0: any free port) while the tournament runs: the games "
                  "in progress move by move, the standings as games finish")
      ->check(CLI::Range(0, 65535));
}

}  // namespace

void add_tournament_command(CLI::App& app) {
  auto args = std::make_shared<TournamentArgs>();
  auto* cmd = app.add_subcommand("tournament", "Play a tournament (round robin or gauntlet, paired games, resumable)");
  add_tournament_options(cmd, args);
  cmd->callback([args] { run_tournament(*args); });
}

TournamentConfig tournament_config_of_flags(const std::vector<std::string>& flags) {
  CLI::App app;
  auto args = std::make_shared<TournamentArgs>();
  add_tournament_options(&app, args);
  std::vector<std::string> reversed(flags.rbegin(), flags.rend());  // CLI11 takes them last first
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    throw engine::Error(cat({"the tournament's flags: ", e.what()}));
  }
  TournamentConfig config = config_of(*args);
  if (args->seed) config.seed = *args->seed;
  return config;
}


void add_merge_command(CLI::App& app) {
  struct Args {
    std::vector<std::string> inputs;
    std::string out;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("merge", "Join record files of tournament shards (a game id twice is an error)");
  cmd->add_option("files", args->inputs, "Record files (JSON lines)")->required();
  cmd->add_option("--out", args->out, "The joined record file (must be new or empty)")->required();
  cmd->callback([args] {
    const size_t n = merge_record_files(args->inputs, args->out);
    std::cout << "merged " << n << " games from " << args->inputs.size() << " files into " << args->out << std::endl;
  });
}

}  // namespace junqi::runner::cli
