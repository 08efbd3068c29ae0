#include "runner/tournament/selfplay.h"

#include <chrono>
#include <filesystem>
#include <mutex>

#include "engine/error.h"
#include "runner/players/player_factory.h"
#include "runner/game/text.h"
#include "runner/tournament/tournament_records.h"
#include "runner/tournament/tournament_runner.h"
#include "runner/tournament/tournament_schedule.h"

namespace junqi::runner {

int run_selfplay(const SelfplayConfig& config, std::ostream& progress) {
  if (config.games < 1) throw engine::Error("selfplay: --games must be at least 1");
  if (config.bot.starts_with("jqp:")) throw engine::Error("selfplay: in-process bots only (got a jqp: program)");
  const std::string name = search::resolve_bot(config.bot).name;
  make_player(config.bot);  // an unknown bot fails before any file is made
  if (file_has_content(config.out))
    throw engine::Error(cat({"'", config.out, "' already holds games: choose another --out"}));
  if (const auto dir = std::filesystem::path(config.out).parent_path(); !dir.empty())
    std::filesystem::create_directories(dir);

  TournamentConfig games;
  games.source = "selfplay";
  for (const char* side : {"-a", "-b"}) games.players.push_back({cat({name, side}), config.bot, std::nullopt, {}, {}});
  games.pairs = (config.games + 1) / 2;
  games.rules = config.rules;
  games.time_control = config.time_control;
  games.seed = config.seed;
  Schedule schedule(games);
  schedule.truncate(config.games);

  RecordWriter writer(config.out);
  std::mutex mutex;
  int written = 0, red_wins = 0, draws = 0;
  int64_t plies = 0;
  const int every = std::max(1, config.games / 20);
  const auto start = std::chrono::steady_clock::now();
  const auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  run_games(games, schedule, {}, config.concurrency, [&](const ScheduledGame&, const GameRecord& record) {
    const std::string line = to_json_line(record);
    std::lock_guard lock(mutex);
    writer.append_line(line);
    red_wins += record.result == "1-0";
    draws += record.result == "1/2-1/2";
    plies += int64_t(record.moves.size());
    if (++written % every == 0 || written == config.games) {
      const double rate = written / std::max(seconds(), 1e-9);
      progress << "selfplay: " << written << "/" << config.games << " games  " << fixed(rate, 1) << " games/s  ETA "
               << duration_text((config.games - written) / rate) << std::endl;
    }
  });
  writer.sync();
  if (written > 0)
    progress << "selfplay: " << written << " games in " << fixed(seconds(), 1) << " s; Red won " << red_wins
             << ", Blue " << written - red_wins - draws << ", draws " << draws << "; " << fixed(double(plies) / written, 1)
             << " plies a game" << std::endl;
  return written;
}

}  // namespace junqi::runner
