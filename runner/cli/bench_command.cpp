// `junqi bench`: a short fixed perft suite, so users can compare machines and builds.
// The total node count is a signature: it changes only if move generation changes.
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>

#include "engine/perft.h"
#include "engine/playout.h"
#include "runner/cli/commands.h"

namespace junqi::runner::cli {

void add_bench_command(CLI::App& app) {
  struct Args {
    int depth = 5;
    int positions = 8;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("bench", "Run a fixed perft suite and print nodes/s");
  cmd->add_option("--depth", args->depth, "Bulk-counted perft depth (full perft runs one ply less)")
      ->check(CLI::Range(2, 8));
  cmd->add_option("--positions", args->positions, "Number of mid-game positions")->check(CLI::Range(1, 64));
  cmd->callback([args] {
    using namespace junqi::engine;
    auto positions = midgame_positions(args->positions);
    for (const bool bulk : {true, false}) {
      // Making every leaf costs about ten times more, so the full run goes one ply less.
      const int depth = bulk ? args->depth : args->depth - 1;
      uint64_t nodes = 0;
      const auto start = std::chrono::steady_clock::now();
      for (auto& pos : positions) nodes += perft(pos, depth, bulk);
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::cout << (bulk ? "perft bulk" : "perft full") << "  depth " << depth << "  nodes "
                << nodes << "  time " << std::fixed << std::setprecision(3) << s << " s  "
                << uint64_t(double(nodes) / s) << " nodes/s\n";
    }
  });
}

}  // namespace junqi::runner::cli
