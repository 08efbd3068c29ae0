// `junqi bench`: a short fixed perft suite (the base game's, the flip game's and the
// four-player game's), so users can compare machines and builds.
// The total node count is a signature: it changes only if move generation changes.
// `--search` times the search instead: sampler build, determinizations/s and ISMCTS
// iterations/s with one and two threads on fixed mid-game views.
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>

#include "engine/four/movegen.h"
#include "engine/four/playout.h"
#include "engine/notation.h"
#include "engine/perft.h"
#include "engine/playout.h"
#include "eval/evaluation.h"
#include "runner/cli/commands.h"
#include "runner/cli/suggest.h"
#include "search/belief.h"
#include "search/ismcts.h"
#include "search/sampler.h"

namespace junqi::runner::cli {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// With one thread the search is deterministic, so its best moves are a signature of
// the search code, as the perft node count is of the move generator.
void search_bench(int64_t iterations) {
  using namespace junqi::engine;
  const std::vector<View> views = midgame_views(4);
  std::vector<search::Belief> beliefs(views.begin(), views.end());
  auto start = std::chrono::steady_clock::now();
  std::vector<search::Sampler> samplers;
  for (const auto& belief : beliefs) samplers.emplace_back(belief, search::DeploymentPrior::uniform());
  std::cout << std::fixed << std::setprecision(2) << "sampler build  " << views.size() << " views  "
            << 1000 * seconds_since(start) / double(views.size()) << " ms each\n";

  constexpr int kSamples = 1000000;
  Rng rng(1);
  std::array<PieceType, search::Belief::kPieces> types;
  start = std::chrono::steady_clock::now();
  for (int i = 0; i < kSamples; ++i) samplers[2].sample(rng, types);
  std::cout << "samples        " << kSamples << "  " << double(kSamples) / seconds_since(start) / 1e6
            << " M determinizations/s\n";

  const eval::Weights weights = eval::find_weights("default");
  double one_thread = 0;
  for (const int threads : {1, 2}) {
    search::IsmctsParams params;
    params.threads = threads;
    int64_t done = 0;
    std::string best;
    start = std::chrono::steady_clock::now();
    for (size_t v = 0; v < views.size(); ++v) {
      const auto r = search::ismcts_search(views[v], samplers[v], beliefs[v], weights, params, iterations, 0, 1);
      done += r.iterations;
      best += " " + move_string(r.best);
    }
    const double rate = double(done) / seconds_since(start);
    if (threads == 1) one_thread = rate;
    std::cout << "ismcts " << threads << (threads == 1 ? " thread   " : " threads  ") << done << " iterations  "
              << uint64_t(rate) << " iterations/s";
    if (threads == 1) std::cout << "  best" << best << "\n";
    else std::cout << "  (" << rate / one_thread << "x one thread)\n";
  }
}

// Bulk-counted perft to `depth` over the positions, then full perft one ply less
// (making every leaf costs about ten times more); nodes, time and nodes/s of each.
template <class Pos>
void perft_suite(const char* name, std::vector<Pos> positions, int depth) {
  for (const bool bulk : {true, false}) {
    const int d = bulk ? depth : depth - 1;
    uint64_t nodes = 0;
    const auto start = std::chrono::steady_clock::now();
    for (auto& pos : positions) nodes += engine::perft(pos, d, bulk);
    const double s = seconds_since(start);
    std::cout << name << (bulk ? " bulk" : " full") << "  depth " << d << "  nodes " << nodes << "  time " << std::fixed
              << std::setprecision(3) << s << " s  " << uint64_t(double(nodes) / s) << " nodes/s\n";
  }
}

}  // namespace

void add_bench_command(CLI::App& app) {
  struct Args {
    int depth = 5;
    int positions = 8;
    bool search = false;
    int64_t iterations = 50000;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("bench", "Run a fixed perft suite and print nodes/s (or --search: search speed)");
  cmd->add_option("--depth", args->depth,
                  "Bulk-counted perft depth (full perft runs one ply less; the four-player suite one less again)")
      ->check(between(2, 8));
  cmd->add_option("--positions", args->positions, "Number of mid-game positions")->check(between(1, 64));
  cmd->add_flag("--search", args->search, "Time the search instead: sampler, determinizations/s, ISMCTS iterations/s");
  cmd->add_option("--iterations", args->iterations, "With --search: ISMCTS iterations per view")
      ->check(between(100, 100000000));
  cmd->callback([args] {
    using namespace junqi::engine;
    if (args->search) return search_bench(args->iterations);
    perft_suite("perft", midgame_positions(args->positions), args->depth);
    perft_suite("flip perft", midgame_flip_positions(args->positions), args->depth);
    // Four seats move about twice as many pieces a turn: one ply less costs about the same.
    perft_suite("four perft", four::midgame_positions(args->positions), args->depth - 1);
  });
}

}  // namespace junqi::runner::cli
