#include "runner/tournament/tournament.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>

#include "engine/error.h"
#include "runner/game/text.h"
#include "runner/players/player_factory.h"
#include "runner/tournament/tournament_progress.h"
#include "runner/tournament/tournament_records.h"
#include "runner/tournament/tournament_report.h"
#include "runner/tournament/tournament_resume.h"
#include "runner/tournament/thread_budget.h"
#include "runner/tournament/tournament_runner.h"
#include "runner/tournament/tournament_scores.h"
#include "runner/tournament/tournament_sprt.h"

namespace junqi::runner {
namespace {

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::trunc);
  if (!(out << text)) throw engine::Error(cat({"cannot write '", path, "'"}));
}

}  // namespace

bool play_tournament(const TournamentConfig& config, const Shard& shard, bool resume,
                     const std::atomic<bool>* interrupt) {
  if (config.sprt && shard.count > 1)
    throw engine::Error("sprt: an SPRT decides on the whole match, so it cannot run in shards (drop --shard or sprt)");
  const Schedule schedule(config, shard);

  // A typo, or a bot that cannot play four seats, fails now, not in game 37.
  const bool four = config.rules.kind == engine::GameKind::kFour;
  for (const TournamentPlayer& p : config.players)
    for (const std::string& spec : {p.spec, p.partner})
      if (!spec.empty() && !is_program_spec(spec)) try {
          if (!make_player(spec)->plays_four() && four)
            throw engine::Error(cat({"'", spec, "' does not play the four-player game"}));
        } catch (const engine::Error& e) {
          throw engine::Error(cat({config.source, ": player '", p.name, "': ", e.what()}));
        }

  if (!resume && file_has_content(config.out))
    throw engine::Error(cat({"'", config.out, "' already holds games: continue it with --resume ", config.out,
                             ", or choose another --out"}));
  if (const auto dir = std::filesystem::path(config.out).parent_path(); !dir.empty())
    std::filesystem::create_directories(dir);
  const FinishedGames finished = !resume ? FinishedGames{} : read_finished_games(config.out);
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
  const ThreadBudget threads = thread_budget(config, workers);
  const std::string oversubscribed = check_thread_budget(config, threads);  // throws when absurd
  std::cout << "Tournament " << config.source << ": " << config.players.size() << " players, "
            << format_name(config.format) << ", " << schedule.size() << " games"
            << (shard.count > 1 ? cat({" (shard ", std::to_string(shard.index), "/", std::to_string(shard.count), ")"}) : "") << ", " << workers << " at once x " << threads.threads_per_game
            << (threads.threads_per_game == 1 ? " thread" : " threads") << ", records to " << config.out << "\n";
  if (!oversubscribed.empty()) std::cerr << oversubscribed << "\n";
  if (sprt)
    std::cout << "SPRT elo0=" << config.sprt->elo0 << " elo1=" << config.sprt->elo1 << " alpha=" << config.sprt->alpha
              << " beta=" << config.sprt->beta << " model="
              << (config.sprt->model == stats::SprtConfig::Model::kLogistic ? "logistic" : "normalized")
              << ": stops when a bound is crossed\n";
  if (resume)
    std::cout << "Resuming: " << plan.finished.size() << " games recorded, " << plan.left << " to play"
              << (finished.torn ? " (a torn last line was cut off)" : "") << "\n";
  if (sprt && sprt->decided()) std::cout << "SPRT already decided (" << sprt->verdict() << "): nothing to play\n";
  std::cout << std::flush;

  // The live table and the final report: the same numbers, the SPRT's where it stands.
  auto report_now = [&] {
    TournamentReport report = make_report(config, board, schedule.size());
    if (sprt) {
      report.sprt = sprt->decided() ? *sprt->decision() : sprt->last();
      report.sprt_pairs = sprt->decided() ? sprt->decision_pairs() : sprt->pairs();
      report.sprt_verdict = sprt->verdict();
    }
    return report;
  };
  RunSummary run;
  {
    RecordWriter writer(config.out);
    Progress progress(schedule.size(), int64_t(plan.finished.size()), stdout, ::isatty(STDOUT_FILENO) != 0,
                      [&] { return standings_text(config, board, report_now()); }, interrupt);
    std::mutex mutex;  // guards writer, board, sprt and progress; run_games calls on_game from every worker
    BackgroundSync syncs([&writer] { writer.sync(); }, 32, std::chrono::milliseconds(500));
    std::atomic<bool> decided{false};
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
        interrupt, &decided);
    writer.sync();
    progress.finish();
    if (run.played > 0)
      std::cout << "Played " << run.played << " games at " << progress.games_per_second() << " games/s\n";
    if (decided) std::cout << "SPRT: " << sprt->verdict() << "; stopped scheduling games\n";
  }

  const TournamentReport report = report_now();
  std::cout << "\n" << report_text(config, board, report);
  write_text_file(summary_json_path(config.out), report_json(config, board, report));
  write_text_file(markdown_path(config.out), report_markdown(config, board, report));
  write_text_file(csv_path(config.out), report_csv(config, report));
  std::cout << "Records: " << config.out << "   summary: " << summary_json_path(config.out) << ", "
            << markdown_path(config.out) << ", " << csv_path(config.out) << std::endl;
  if (run.interrupted)
    std::cout << "\nInterrupted with " << board.games() << " of " << schedule.size() << " games recorded." << std::endl;
  return run.interrupted;
}

}  // namespace junqi::runner
