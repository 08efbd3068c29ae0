// Search speed on fixed mid-game views: determinization samples/s, sampler build time,
// the leaf evaluation, and ISMCTS iterations/s with 1 and 2 threads (root parallelism
// should scale ~linearly).
#include <benchmark/benchmark.h>

#include "engine/playout.h"
#include "eval/evaluation.h"
#include "search/belief.h"
#include "search/bot_config.h"
#include "search/ismcts.h"
#include "search/sampler.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

const std::vector<View>& views() {
  static const std::vector<View> set = midgame_views(4);
  return set;
}

void BM_SamplerBuild(benchmark::State& state) {
  const search::Belief belief(views()[size_t(state.range(0))]);
  for (auto _ : state) {
    search::Sampler sampler(belief, search::DeploymentPrior::uniform());
    benchmark::DoNotOptimize(sampler.total_weight());
  }
}
BENCHMARK(BM_SamplerBuild)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

void BM_Samples(benchmark::State& state) {
  const search::Belief belief(views()[2]);
  const search::Sampler sampler(belief, search::DeploymentPrior::uniform());
  Rng rng(1);
  std::array<PieceType, search::Belief::kPieces> types;
  for (auto _ : state) {
    sampler.sample(rng, types);
    benchmark::DoNotOptimize(types.data());
  }
  state.counters["samples/s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Samples);

// The leaf evaluation alone (features and dot product), which every rollout ends in: it
// must stay a small part of a rollout's few microseconds.
void BM_Evaluate(benchmark::State& state) {
  static const std::vector<Position> positions = midgame_positions(8);
  const eval::Weights weights = eval::find_weights("default");
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(eval::evaluate(positions[i], kRed, weights));
    i = (i + 1) % positions.size();
  }
  state.counters["evals/s"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Evaluate);

void BM_IsmctsIterations(benchmark::State& state) {
  const eval::Weights weights = eval::find_weights("default");
  search::IsmctsParams params;
  params.threads = int(state.range(0));
  int64_t iterations = 0;
  for (auto _ : state)
    for (const View& view : views()) {
      const search::Belief belief(view);
      const search::Sampler sampler(belief, search::DeploymentPrior::uniform());
      iterations += search::ismcts_search(view, sampler, belief, weights, params, 0, 0.25, 1).iterations;
    }
  state.counters["iterations/s"] = benchmark::Counter(double(iterations), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_IsmctsIterations)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);

// What equal time per move buys each shipped bot: its search units (ISMCTS iterations,
// PIMC rollouts) per second over whole moves at movetime 100 ms, belief and sampler
// upkeep included, on the same views.
void BM_BotSearchRate(benchmark::State& state, const std::string& bot_name) {
  const auto bot = search::make_bot(search::resolve_bot(bot_name));
  search::Limits limits;
  limits.movetime_ms = 100;
  int64_t units = 0;
  for (auto _ : state)
    for (const View& view : views()) {
      bot->new_game(view.side(), Rules{}, 1);
      benchmark::DoNotOptimize(bot->choose_move(view, limits));
      units += bot->last_info().iterations;
    }
  state.counters["units/s"] = benchmark::Counter(double(units), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_BotSearchRate, ismcts, std::string("ismcts"))->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);
BENCHMARK_CAPTURE(BM_BotSearchRate, pimc, std::string("pimc"))->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

}  // namespace
