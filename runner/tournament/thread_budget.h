#pragma once
// Games × threads against the cores, as fastchess counts them: a tournament that runs
// more search threads than the machine has measures the load, not the bots, as soon as
// a time control is involved. The two bots of a game search in turn, never together, so
// a game needs the most threads either of its bots asks for.

#include <string>

#include "runner/tournament/tournament_config.h"

namespace junqi::runner {

// The search threads a player asks for: an in-process bot's `threads` parameter (1 when
// it has none); a program (jqp:, contest:) counts as one.
int player_threads(const TournamentPlayer& player);

struct ThreadBudget {
  int games = 1;             // at once
  int threads_per_game = 1;  // the most any player asks for
  int cores = 1;             // hardware threads
  int total() const { return games * threads_per_game; }
};

ThreadBudget thread_budget(const TournamentConfig& config, int games);

// Nothing when the budget fits the cores; a warning line when it does not; throws
// engine::Error naming the numbers when it is absurd: more than kAbsurdFactor times the
// cores while some player's time control counts time (iteration budgets only run slower).
inline constexpr int kAbsurdFactor = 4;
std::string check_thread_budget(const TournamentConfig& config, const ThreadBudget& budget);

}  // namespace junqi::runner
