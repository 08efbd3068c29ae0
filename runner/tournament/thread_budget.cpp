#include "runner/tournament/thread_budget.h"

#include <algorithm>
#include <thread>

#include "engine/error.h"
#include "runner/players/player_factory.h"
#include "search/bot_config.h"

namespace junqi::runner {

int player_threads(const TournamentPlayer& player) {
  if (!player.bot && is_program_spec(player.spec)) return 1;
  const search::BotConfig config = player.bot ? *player.bot : search::resolve_bot(player.spec);
  const auto it = config.params.find("threads");
  if (it == config.params.end()) return 1;
  try {
    return std::max(1, std::stoi(it->second));
  } catch (const std::exception&) {
    return 1;  // make_bot names the bad value when the player is made
  }
}

ThreadBudget thread_budget(const TournamentConfig& config, int games) {
  ThreadBudget b;
  b.games = std::max(1, games);
  for (const TournamentPlayer& p : config.players) b.threads_per_game = std::max(b.threads_per_game, player_threads(p));
  b.cores = std::max(1, int(std::thread::hardware_concurrency()));
  return b;
}

namespace {

bool counts_time(const TimeControl& tc) { return tc.kind != TimeControl::Kind::kIterations; }

}  // namespace

std::string check_thread_budget(const TournamentConfig& config, const ThreadBudget& b) {
  if (b.total() <= b.cores) return {};
  const std::string numbers = std::to_string(b.games) + " games at once x " + std::to_string(b.threads_per_game) +
                              " threads = " + std::to_string(b.total()) + " search threads on " +
                              std::to_string(b.cores) + " hardware threads";
  bool timed = counts_time(config.time_control);
  for (const TournamentPlayer& p : config.players) timed = timed || (p.tc && counts_time(*p.tc));
  if (timed && b.total() > kAbsurdFactor * b.cores)
    throw engine::Error(numbers + ": with a time control the bots would share the cores " +
                        std::to_string(b.total() / b.cores) + " ways; lower --concurrency");
  return "warning: " + numbers + (timed ? ": the bots get less time than their time control says"
                                        : ": the games run slower (iteration budgets keep the results)");
}

}  // namespace junqi::runner
