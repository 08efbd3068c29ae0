// Strength in the flip game (翻棋), measured in-process: paired games between two bots
// (the same random layout twice, the bots swapping seats), played with engine::FlipGame
// directly at a fixed iteration budget per action, on up to `threads` threads.
//
//   flip_match BOT_A BOT_B PAIRS ITERATIONS [THREADS=2] [SEED=1]
//
// Prints A's score with a 95% interval (over pairs, which are independent; the two games
// of a pair are not) and the Elo difference it means.
#include <atomic>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/flip_game.h"
#include "search/bot_config.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

struct Tally {
  int wins = 0, draws = 0, losses = 0, faults = 0;
  std::vector<double> pair_scores;  // A's score per pair, 0..1
};

// One game from `layout`; bot `a_player` is A. A's score: 1 win, 0.5 draw, 0 loss; a bot
// that resigns or answers an illegal action loses (counted as a fault).
double play(const FlipPosition& layout, const std::string& a, const std::string& b, int a_player, int64_t iterations,
            uint64_t seed, int& faults) {
  FlipGame game(layout);
  std::array<std::unique_ptr<search::Bot>, 2> bots;
  bots[size_t(a_player)] = search::make_bot(search::resolve_bot(a));
  bots[size_t(1 - a_player)] = search::make_bot(search::resolve_bot(b));
  std::array<FlipView, 2> views = {game.initial_view(0), game.initial_view(1)};
  for (int p = 0; p < 2; ++p) bots[size_t(p)]->new_game(Color(p), game.rules(), seed * 2 + uint64_t(p));
  search::Limits limits;
  limits.iterations = iterations;
  while (!game.status().over()) {
    const int p = game.current_player();
    const Move action = bots[size_t(p)]->choose_flip_action(views[size_t(p)], limits);
    if (action == kNullMove || !game.is_legal(action)) {
      ++faults;
      return p == a_player ? 0.0 : 1.0;
    }
    const Step step = game.apply(action);
    for (int v = 0; v < 2; ++v)
      for (const Token& t : step.seen[size_t(v)]) views[size_t(v)].apply(t);
  }
  const Result r = game.status().result;
  if (r == Result::kDraw) return 0.5;
  return r == win_for(game.position().player_colour(a_player)) ? 1.0 : 0.0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: flip_match BOT_A BOT_B PAIRS ITERATIONS [THREADS=2] [SEED=1]\n");
    return 2;
  }
  const std::string a = argv[1], b = argv[2];
  const int pairs = std::stoi(argv[3]);
  const int64_t iterations = std::stoll(argv[4]);
  const int threads = argc > 5 ? std::stoi(argv[5]) : 2;
  const uint64_t seed = argc > 6 ? std::stoull(argv[6]) : 1;
  Rules rules;
  rules.set("kind", "flip");

  Tally tally;
  std::mutex mutex;
  std::atomic<int> next{0};
  const auto worker = [&] {
    for (int i; (i = next++) < pairs;) {
      Rng rng(seed * 1000003 + uint64_t(i));
      const FlipPosition layout = random_flip_layout(rng, rules);
      int faults = 0;
      const double first = play(layout, a, b, 0, iterations, rng.next(), faults);
      const double second = play(layout, a, b, 1, iterations, rng.next(), faults);
      const std::lock_guard lock(mutex);
      for (double s : {first, second}) (s == 1 ? tally.wins : s == 0 ? tally.losses : tally.draws)++;
      tally.faults += faults;
      tally.pair_scores.push_back((first + second) / 2);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();

  const double n = double(tally.pair_scores.size());
  double mean = 0, var = 0;
  for (double s : tally.pair_scores) mean += s / n;
  for (double s : tally.pair_scores) var += (s - mean) * (s - mean) / std::max(1.0, n - 1);
  const double half = 1.96 * std::sqrt(var / n);
  const auto elo = [](double s) {
    s = std::clamp(s, 1e-3, 1 - 1e-3);
    return -400 * std::log10(1 / s - 1);
  };
  std::printf("%s vs %s: %d games (%d pairs), %lld iterations/action: +%d =%d -%d, faults %d\n", a.c_str(),
              b.c_str(), 2 * pairs, pairs, (long long)iterations, tally.wins, tally.draws, tally.losses, tally.faults);
  std::printf("score %.1f%% +- %.1f%%, Elo %+.0f [%+.0f, %+.0f]\n", 100 * mean, 100 * half, elo(mean),
              elo(mean - half), elo(mean + half));
  return 0;
}
