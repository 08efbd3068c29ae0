// Move generation and make/unmake over the fixed mid-game positions.
#include <benchmark/benchmark.h>

#include "engine/movegen.h"
#include "engine/playout.h"

namespace {

using namespace junqi::engine;

const std::vector<Position>& positions() {
  static const std::vector<Position> set = midgame_positions(8);
  return set;
}

void BM_Generate(benchmark::State& state) {
  MoveList list;
  int64_t moves = 0;
  for (auto _ : state)
    for (const Position& pos : positions()) {
      generate(pos, list);
      benchmark::DoNotOptimize(list.moves.data());
      moves += list.size;
    }
  state.counters["positions/s"] = benchmark::Counter(double(state.iterations() * positions().size()),
                                                     benchmark::Counter::kIsRate);
  state.counters["moves/s"] = benchmark::Counter(double(moves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Generate);

void BM_CountMoves(benchmark::State& state) {
  int64_t moves = 0;
  for (auto _ : state)
    for (const Position& pos : positions()) moves += count_moves(pos);
  benchmark::DoNotOptimize(moves);
  state.counters["moves/s"] = benchmark::Counter(double(moves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_CountMoves);

// Every legal move of every position made and taken back.
void BM_MakeUnmake(benchmark::State& state) {
  std::vector<Position> work = positions();
  std::vector<MoveList> lists(work.size());
  for (size_t i = 0; i < work.size(); ++i) generate(work[i], lists[i]);
  int64_t made = 0;
  Position::Undo undo;
  for (auto _ : state)
    for (size_t i = 0; i < work.size(); ++i)
      for (Move m : lists[i]) {
        work[i].make(m, undo);
        work[i].unmake(undo);
        ++made;
      }
  benchmark::DoNotOptimize(work.data());
  state.counters["make+unmake/s"] = benchmark::Counter(double(made), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MakeUnmake);

}  // namespace
