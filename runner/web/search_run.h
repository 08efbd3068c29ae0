#pragma once
// A bot's search as the server's games run it, on a SearchPool worker and outside their
// lock: how a game queues it, and what it gives back: the move, the bot's report, how long
// it took, and what the bot threw, if it did (a failing bot loses its game rather than the
// server its thread).

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>

#include "engine/types.h"
#include "runner/web/api_error.h"
#include "runner/web/search_pool.h"
#include "search/bot.h"

namespace junqi::runner::web {

inline int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

struct SearchRun {
  engine::Move move = engine::kNullMove;
  search::SearchInfo info;
  int64_t ms = 0;
  std::string failure;
};

// Queues `game`'s `job` on the pool (the game's lock held): `thinking` is set until the job
// clears it, `stop` (the search's Limits::stop) cleared unless the server is closing.
// ApiError 503, ending in `retry`, when the pool is full.
template <class Game>
void queue_search(SearchPool& pool, std::shared_ptr<Game> game, void (Game::*job)(), bool& thinking,
                  std::atomic<bool>& stop, bool closing, const char* retry) {
  thinking = true;
  stop = closing;
  if (!pool.submit([game = std::move(game), job] { ((*game).*job)(); })) {
    thinking = false;
    throw ApiError(503, std::string("the server is busy: too many searches queued, ") + retry);
  }
}

// `choose(bot)` timed, its exception kept; Bot: search::Bot or search::FourBot.
template <class Bot, class Choose>
SearchRun run_search(Bot& bot, Choose&& choose) {
  SearchRun run;
  const int64_t start = now_ms();
  try {
    run.move = choose(bot);
  } catch (const std::exception& e) {
    run.failure = e.what();
  }
  run.info = bot.last_info();
  run.ms = now_ms() - start;
  return run;
}

}  // namespace junqi::runner::web
