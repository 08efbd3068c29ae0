// `junqi tournament`: plays a tournament from configs/tournaments/NAME.toml and/or flags
// (flags override the file), resumable;
// `junqi merge`: joins the record files of shards.
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "engine/config_path.h"
#include "engine/error.h"
#include "runner/cli/commands.h"
#include "runner/cli/interrupt.h"
#include "runner/cli/rules_options.h"
#include "runner/players/player_factory.h"
#include "runner/game/text.h"
#include "runner/tournament/tournament_config.h"
#include "runner/tournament/tournament_progress.h"
#include "runner/tournament/tournament_records.h"
#include "runner/tournament/tournament_report.h"
#include "runner/tournament/tournament_resume.h"
#include "runner/tournament/tournament_runner.h"
#include "runner/tournament/tournament_schedule.h"
#include "runner/tournament/tournament_scores.h"
#include "runner/tournament/tournament_sprt.h"

namespace junqi::runner::cli {
namespace {

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  if (!(out << text)) throw engine::Error(cat({"cannot write '", path, "'"}));
}

struct TournamentArgs {
  std::string config, out, resume, shard, sprt;
  std::optional<uint64_t> seed;
  std::optional<int> concurrency;
  // The tournament file's settings as flags; given ones override the file.
  std::vector<std::string> players;  // NAME=SPEC, or SPEC named by itself
  std::vector<std::string> player_tcs;  // NAME=TC
  std::string format, tc;
  std::optional<int> pairs, rounds;
  RulesArgs rules;
  std::vector<std::string> contest_files;
  bool contest_keep_dirs = false;
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
  if (!args.format.empty())
    config.format = args.format == "gauntlet" ? TournamentFormat::kGauntlet : TournamentFormat::kRoundRobin;
  if (args.pairs) config.pairs = *args.pairs;
  if (args.rounds) config.rounds = *args.rounds;
  if (!args.tc.empty()) config.time_control = parse_time_control(args.tc);
  if (!args.rules.file.empty()) {
    std::string file = args.rules.file;
    if (!std::filesystem::exists(file))
      if (const auto shipped = engine::find_config("rules", file)) file = *shipped;
    config.rules = engine::load_rules_file(file);
  }
  for (const std::string& a : args.rules.assignments) config.rules.set_assignment(a);
  engine::require_playable(config.rules);
  if (!args.sprt.empty()) config.sprt = stats::parse_sprt(args.sprt);
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

// The flags that make the same tournament again, for the resume hint.
std::string same_tournament_flags(const TournamentArgs& args) {
  auto quoted = [](const std::string& s) {
    return s.find_first_of(" \"'$\\") == std::string::npos ? s : cat({"'", s, "'"});
  };
  std::string s;
  if (!args.config.empty()) s += cat({" --config ", quoted(args.config)});
  for (const std::string& p : args.players) s += cat({" --player ", quoted(p)});
  for (const std::string& p : args.player_tcs) s += cat({" --player-tc ", quoted(p)});
  if (!args.format.empty()) s += cat({" --format ", args.format});
  if (args.pairs) s += cat({" --pairs ", std::to_string(*args.pairs)});
  if (args.rounds) s += cat({" --rounds ", std::to_string(*args.rounds)});
  if (!args.tc.empty()) s += cat({" --tc ", quoted(args.tc)});
  if (!args.rules.file.empty()) s += cat({" --rules ", quoted(args.rules.file)});
  for (const std::string& a : args.rules.assignments) s += cat({" --rule ", quoted(a)});
  if (args.seed) s += cat({" --seed ", std::to_string(*args.seed)});
  if (!args.shard.empty()) s += cat({" --shard ", args.shard});
  if (!args.sprt.empty()) s += cat({" --sprt ", quoted(args.sprt)});
  for (const std::string& f : args.contest_files) s += cat({" --contest-files ", quoted(f)});
  if (args.contest_keep_dirs) s += " --contest-keep-dirs";
  return s;
}

void run_tournament(const TournamentArgs& args) {
  TournamentConfig config = config_of(args);
  if (args.seed) config.seed = *args.seed;
  if (args.concurrency) config.concurrency = *args.concurrency;
  if (!args.out.empty()) config.out = args.out;
  if (!args.resume.empty()) config.out = args.resume;
  if (config.out.empty())
    config.out = cat({"out/", args.config.empty() ? "tournament" : std::filesystem::path(args.config).stem().string(),
                      ".jsonl"});
  const Shard shard = args.shard.empty() ? Shard{} : parse_shard(args.shard);
  if (config.sprt && shard.count > 1)
    throw engine::Error("sprt: an SPRT decides on the whole match, so it cannot run in shards (drop --shard or sprt)");
  const Schedule schedule(config, shard);

  for (const TournamentPlayer& p : config.players)  // a typo fails now, not in game 37
    if (!is_program_spec(p.spec)) try {
        make_player(p.spec);
      } catch (const engine::Error& e) {
        throw engine::Error(cat({config.source, ": player '", p.name, "': ", e.what()}));
      }

  if (args.resume.empty() && file_has_content(config.out))
    throw engine::Error(cat({"'", config.out, "' already holds games: continue it with --resume ", config.out,
                             ", or choose another --out"}));
  if (const auto dir = std::filesystem::path(config.out).parent_path(); !dir.empty())
    std::filesystem::create_directories(dir);
  const FinishedGames finished = args.resume.empty() ? FinishedGames{} : read_finished_games(config.out);
  const ResumePlan plan = plan_resume(config, schedule, finished.records);

  // Counted in the file's order, the order the games finished in, so that a resumed SPRT
  // sees the pairs in the order the interrupted run saw them.
  ScoreBoard board(int(config.players.size()));
  std::optional<SprtWatch> sprt;
  if (config.sprt) sprt.emplace(*config.sprt);
  {
    std::map<std::string, const ScheduledGame*> scheduled;
    for (const auto& [game, record] : plan.finished) scheduled[game.id] = &game;
    for (const GameRecord& record : finished.records) {
      board.add(*scheduled.at(record.id), record);
      if (sprt) sprt->update(board);
    }
  }
  Schedule to_play = schedule;
  if (sprt && sprt->decided()) to_play.truncate(0);  // decided before the kill: nothing to play
  const int64_t left = to_play.size() == 0 ? 0 : plan.left;
  const int workers = int(std::min<int64_t>(effective_concurrency(config.concurrency), std::max<int64_t>(1, left)));
  std::cout << "Tournament " << config.source << ": " << config.players.size() << " players, "
            << format_name(config.format) << ", " << schedule.size() << " games"
            << (shard.count > 1 ? cat({" (shard ", args.shard, ")"}) : "") << ", " << workers << " at once, records to "
            << config.out << "\n";
  if (sprt)
    std::cout << "SPRT elo0=" << config.sprt->elo0 << " elo1=" << config.sprt->elo1 << " alpha=" << config.sprt->alpha
              << " beta=" << config.sprt->beta << " model="
              << (config.sprt->model == stats::SprtConfig::Model::kLogistic ? "logistic" : "normalized")
              << ": stops when a bound is crossed\n";
  if (!args.resume.empty())
    std::cout << "Resuming: " << plan.finished.size() << " games recorded, " << plan.left << " to play"
              << (finished.torn ? " (a torn last line was cut off)" : "") << "\n";
  if (sprt && sprt->decided()) std::cout << "SPRT already decided (" << sprt->verdict() << "): nothing to play\n";
  std::cout << std::flush;

  RunSummary run;
  {
    RecordWriter writer(config.out);
    Progress progress(schedule.size(), int64_t(plan.finished.size()), stdout, ::isatty(STDOUT_FILENO) != 0,
                      [&] { return standings_text(config, board, make_report(config, board, schedule.size())); });
    std::mutex mutex;  // guards writer, board, sprt and progress; run_games calls on_game from every worker
    BackgroundSync syncs([&writer] { writer.sync(); }, 32, std::chrono::milliseconds(500));
    std::atomic<bool> decided{false};
    InterruptGuard guard;
    if (sprt) progress.set_note(sprt->status());
    run = run_games(
        config, to_play, plan.done, config.concurrency,
        [&](const ScheduledGame& game, const GameRecord& record) {
          const std::string line = to_json_line(record);
          {
            std::lock_guard lock(mutex);
            writer.append_line(line);
            board.add(game, record);
            if (sprt) {
              if (sprt->update(board)) decided = true;  // running games still finish and count
              progress.set_note(sprt->status());
            }
            progress.game_done(config.players[game.players[engine::kRed]].name,
                               config.players[game.players[engine::kBlue]].name, record);
          }
          syncs.appended();
        },
        &g_interrupted, &decided);
    writer.sync();
    progress.finish();
    if (run.played > 0)
      std::cout << "Played " << run.played << " games at " << progress.games_per_second() << " games/s\n";
    if (decided) std::cout << "SPRT: " << sprt->verdict() << "; stopped scheduling games\n";
  }

  TournamentReport report = make_report(config, board, schedule.size());
  if (sprt) {
    report.sprt = sprt->decided() ? *sprt->decision() : sprt->last();
    report.sprt_pairs = sprt->decided() ? sprt->decision_pairs() : sprt->pairs();
    report.sprt_verdict = sprt->verdict();
  }
  std::cout << "\n" << report_text(config, board, report);
  write_text_file(summary_json_path(config.out), report_json(config, board, report));
  write_text_file(markdown_path(config.out), report_markdown(config, board, report));
  write_text_file(csv_path(config.out), report_csv(config, report));
  std::cout << "Records: " << config.out << "   summary: " << summary_json_path(config.out) << ", "
            << markdown_path(config.out) << ", " << csv_path(config.out) << std::endl;
  if (run.interrupted) {
    std::cout << "\nInterrupted with " << board.games() << " of " << schedule.size()
              << " games recorded. Resume with:\n  junqi tournament" << same_tournament_flags(args) << " --resume " << config.out
              << std::endl;
    std::exit(130);
  }
}

}  // namespace

void add_tournament_command(CLI::App& app) {
  auto args = std::make_shared<TournamentArgs>();
  auto* cmd = app.add_subcommand("tournament", "Play a tournament (round robin or gauntlet, paired games, resumable)");
  cmd->add_option("--config", args->config, "Tournament file (configs/tournaments/NAME.toml); flags override it")
      ->check(CLI::ExistingFile);
  cmd->add_option("--player", args->players,
                  "A player NAME=SPEC (bot name, config path, jqp:<command line> or contest:<command line>), "
                  "repeatable; replaces the file's");
  cmd->add_option("--player-tc", args->player_tcs,
                  "A player's own time control NAME=TC (e.g. pimc=movetime=50), repeatable; over --tc and the file's");
  cmd->add_option("--format", args->format, "round-robin or gauntlet (the first player against each other)")
      ->check(CLI::IsMember({"round-robin", "gauntlet"}));
  cmd->add_option("--pairs", args->pairs, "Game pairs per pairing and round")->check(CLI::PositiveNumber);
  cmd->add_option("--rounds", args->rounds, "Rounds")->check(CLI::PositiveNumber);
  cmd->add_option("--tc", args->tc, "Time control for players without their own (e.g. iterations=300, movetime=200)");
  add_rules_options(*cmd, args->rules);
  cmd->add_option("--concurrency", args->concurrency, "Games at once (default: the config's, else hardware threads)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--out", args->out, "Record file (JSON lines); must be new or empty");
  cmd->add_option("--seed", args->seed, "Seed of the schedule (deployments and game seeds)");
  cmd->add_option("--shard", args->shard, "Play only the K-th of N disjoint slices of the schedule, K/N");
  cmd->add_option("--resume", args->resume, "Continue this record file: play exactly the games it lacks");
  cmd->add_option("--sprt", args->sprt,
                  "Two players: stop once the GSPRT decides, \"elo0=0 elo1=10 alpha=0.05 beta=0.05 "
                  "[model=normalized|logistic]\"");
  add_contest_options(*cmd, args->contest_files, args->contest_keep_dirs);
  cmd->callback([args] { run_tournament(*args); });
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
