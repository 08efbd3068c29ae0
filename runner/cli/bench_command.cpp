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
    int depth = 4;
    int positions = 8;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("bench", "Run a fixed perft suite and print nodes/s");
  cmd->add_option("--depth", args->depth, "perft depth per position")->check(CLI::Range(1, 8));
  cmd->add_option("--positions", args->positions, "Number of mid-game positions")->check(CLI::Range(1, 64));
  cmd->callback([args] {
    using namespace junqi::engine;
    auto positions = midgame_positions(args->positions);
    for (const bool bulk : {true, false}) {
      uint64_t nodes = 0;
      const auto start = std::chrono::steady_clock::now();
      for (auto& pos : positions) nodes += perft(pos, args->depth, bulk);
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::cout << (bulk ? "perft bulk" : "perft full") << "  depth " << args->depth << "  nodes "
                << nodes << "  time " << std::fixed << std::setprecision(3) << s << " s  "
                << uint64_t(double(nodes) / s) << " nodes/s\n";
    }
  });
}

}  // namespace junqi::runner::cli
