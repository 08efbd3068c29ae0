// perft on the fixed mid-game positions: bulk-counted (moves at the last ply counted,
// not made), full (every leaf made), and the plain mailbox reference generator of
// tests/reference on the same positions, so the speed ratio is measured in one run.
#include <benchmark/benchmark.h>

#include "engine/four/movegen.h"
#include "engine/four/playout.h"
#include "engine/perft.h"
#include "engine/playout.h"
#include "tests/reference/mailbox_movegen.h"

namespace {

using namespace junqi::engine;

const std::vector<Position>& positions() {
  static const std::vector<Position> set = midgame_positions(8);
  return set;
}

void report(benchmark::State& state, uint64_t leaves) {
  state.counters["leaves/s"] = benchmark::Counter(double(leaves), benchmark::Counter::kIsRate);
}

const std::vector<FlipPosition>& flip_positions() {
  static const std::vector<FlipPosition> set = midgame_flip_positions(8);
  return set;
}

// perft over copies of `set` to the benchmark's depth, bulk-counted or full.
template <class Pos>
void run_perft(benchmark::State& state, const std::vector<Pos>& set, bool bulk) {
  std::vector<Pos> work = set;
  uint64_t leaves = 0;
  for (auto _ : state)
    for (Pos& pos : work) leaves += perft(pos, int(state.range(0)), bulk);
  report(state, leaves);
}

void BM_PerftBulk(benchmark::State& state) { run_perft(state, positions(), true); }
BENCHMARK(BM_PerftBulk)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

void BM_PerftFull(benchmark::State& state) { run_perft(state, positions(), false); }
BENCHMARK(BM_PerftFull)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

// The flip game: flips and moves from the fixed flip positions.
void BM_FlipPerftBulk(benchmark::State& state) { run_perft(state, flip_positions(), true); }
BENCHMARK(BM_FlipPerftBulk)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

void BM_FlipPerftFull(benchmark::State& state) { run_perft(state, flip_positions(), false); }
BENCHMARK(BM_FlipPerftFull)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

// The four-player game: mid-game positions of random four-seat games.
const std::vector<four::Position>& four_positions() {
  static const std::vector<four::Position> set = four::midgame_positions(8);
  return set;
}

void BM_FourPerftBulk(benchmark::State& state) { run_perft(state, four_positions(), true); }
BENCHMARK(BM_FourPerftBulk)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond);

void BM_FourPerftFull(benchmark::State& state) { run_perft(state, four_positions(), false); }
BENCHMARK(BM_FourPerftFull)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond);

void BM_MailboxPerftBulk(benchmark::State& state) {
  std::vector<junqi::reference::MailboxPosition> work;
  for (const Position& pos : positions()) work.push_back(junqi::reference::from_position(pos));
  uint64_t leaves = 0;
  for (auto _ : state)
    for (auto& pos : work) leaves += junqi::reference::perft(pos, int(state.range(0)), true);
  report(state, leaves);
}
BENCHMARK(BM_MailboxPerftBulk)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

}  // namespace
