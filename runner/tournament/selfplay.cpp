#include "runner/tournament/selfplay.h"

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
  for (const char* side : {"-a", "-b"}) games.players.push_back({cat({name, side}), config.bot, std::nullopt, {}});
  games.pairs = (config.games + 1) / 2;
  games.rules = config.rules;
  games.time_control = config.time_control;
  games.seed = config.seed;
  Schedule schedule(games);
  schedule.truncate(config.games);

  RecordWriter writer(config.out);
  std::mutex mutex;
  int written = 0;
  const int every = std::max(1, config.games / 20);
  run_games(games, schedule, {}, config.concurrency, [&](const ScheduledGame&, const GameRecord& record) {
    const std::string line = to_json_line(record);
    std::lock_guard lock(mutex);
    writer.append_line(line);
    if (++written % every == 0 || written == config.games)
      progress << "selfplay: " << written << "/" << config.games << " games" << std::endl;
  });
  writer.sync();
  return written;
}

}  // namespace junqi::runner
