// Commands over single positions and deployments: perft, legal, show, deploy.
#include <chrono>
#include <iostream>
#include <memory>

#include "engine/deployment.h"
#include "engine/diagram.h"
#include "engine/error.h"
#include "engine/flip.h"
#include "engine/four/deployment.h"
#include "engine/four/movegen.h"
#include "engine/four/notation.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/perft.h"
#include "runner/cli/commands.h"
#include "runner/cli/suggest.h"
#include "runner/cli/rules_options.h"
#include "search/deployment_choice.h"

namespace junqi::runner::cli {
namespace {

using namespace junqi::engine;

// The start of the sample game: both sides deploy NOTATION.md's example deployment.
std::string sample_start_jfen() {
  const Deployment d = parse_legal_deployment(kSampleDeployment);
  return to_jfen(start_position(d, d));
}

// The start of the four-player sample game: every seat deploys the same example.
std::string sample_four_start_j4fen() {
  const Deployment d = parse_legal_deployment(kSampleDeployment);
  return four::to_j4fen(four::start_position({d, d, d, d}));
}

// A move as the position's kind writes it.
std::string move_text(const Position&, Move m) { return move_string(m); }
std::string move_text(const FlipPosition&, Move m) { return move_string(m); }
std::string move_text(const four::Position&, Move m) { return four::move_string(m); }

struct PositionArgs {
  std::string fen;
  RulesArgs rules;
};

void add_position_options(CLI::App& cmd, PositionArgs& args) {
  cmd.add_option("--fen", args.fen,
                 "Position (JFEN; J4FEN with --rule kind=four); default: the start of the sample game");
  add_rules_options(cmd, args.rules);
}

Position load_position(const PositionArgs& args) {
  return parse_jfen(args.fen.empty() ? sample_start_jfen() : args.fen, build_rules(args.rules, RulesUse::kAnyKind));
}

// Runs f on the position of args as the rules' kind reads it: a flip position for the
// flip game (which has no sample start: --fen is required), a four-player one (J4FEN) for
// the four-player game, the base game's otherwise.
template <class F>
void with_position(const PositionArgs& args, F f) {
  const Rules rules = build_rules(args.rules, RulesUse::kAnyKind);
  if (rules.kind == GameKind::kFour) {
    four::Position pos = four::parse_j4fen(args.fen.empty() ? sample_four_start_j4fen() : args.fen, rules);
    f(pos);
    return;
  }
  if (rules.kind != GameKind::kFlip) {
    Position pos = load_position(args);
    f(pos);
    return;
  }
  if (args.fen.empty()) throw Error("the flip game has no sample start: give --fen with a flip position");
  FlipPosition pos = parse_flip_jfen(args.fen, rules);
  f(pos);
}

}  // namespace

void add_perft_command(CLI::App& app) {
  struct Args {
    PositionArgs position;
    int depth = 1;
    bool divide = false;
    bool full = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("perft", "Count the move sequences of a given length");
  add_position_options(*cmd, args->position);
  cmd->add_option("--depth", args->depth, "Plies")->required()->check(between(0, 64));
  cmd->add_flag("--divide", args->divide, "Print the count below each root move");
  cmd->add_flag("--full", args->full, "Make every leaf move instead of counting the last ply");
  cmd->callback([args] {
    with_position(args->position, [&](auto& pos) {
      const auto start = std::chrono::steady_clock::now();
      uint64_t nodes = 0;
      if (args->divide) {
        for (const auto& [move, count] : perft_divide(pos, args->depth, !args->full)) {
          std::cout << move_text(pos, move) << ' ' << count << '\n';
          nodes += count;
        }
        if (args->depth == 0) nodes = 1;
      } else {
        nodes = perft(pos, args->depth, !args->full);
      }
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      std::cout << "nodes " << nodes << std::endl;
      std::cerr << "time " << seconds << " s, " << uint64_t(double(nodes) / std::max(seconds, 1e-9))
                << " nodes/s\n";
    });
  });
}

void add_legal_command(CLI::App& app) {
  auto args = std::make_shared<PositionArgs>();
  auto* cmd = app.add_subcommand("legal", "List the legal moves of a position, one per line");
  add_position_options(*cmd, *args);
  cmd->callback([args] {
    with_position(*args, [](const auto& pos) {
      typename MoveListOf<std::decay_t<decltype(pos)>>::type list;
      if (!status_without_movegen(pos).over()) generate(pos, list);
      for (Move m : list) std::cout << move_text(pos, m) << '\n';
    });
  });
}

void add_show_command(CLI::App& app) {
  auto fen = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("show", "Draw a position (views with X/x allowed)");
  cmd->add_option("--fen", *fen, "Position (JFEN); default: the start of the sample game");
  cmd->callback([fen] {
    std::cout << diagram(parse_jfen_fields(fen->empty() ? sample_start_jfen() : *fen, true));
  });
}

void add_deploy_command(CLI::App& app) {
  struct Args {
    bool random = false, sensible = false;
    uint64_t seed = 1;
    int count = 1;
    std::string check;
    std::string side = "red";
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("deploy", "Make random legal deployments or check one");
  auto* random = cmd->add_flag("--random", args->random, "Print a uniformly random legal deployment");
  auto* sensible = cmd->add_flag("--sensible", args->sensible,
                                 "Print the deployment the sampling bots choose: the best by placement heuristics "
                                 "of 300 random ones (flag behind landmines, bombs forward)");
  cmd->add_option("--seed", args->seed, "Seed for --random and --sensible");
  cmd->add_option("--count", args->count, "How many deployments to print, one a line (a tournament book)")
      ->check(CLI::Range(1, 10000000));
  auto* check = cmd->add_option("--check", args->check, "Validate a deployment string");
  cmd->add_option("--side", args->side, "Side the checked deployment is for (names squares)")
      ->check(CLI::IsMember({"red", "blue"}));
  random->excludes(check);
  random->excludes(sensible);
  sensible->excludes(check);
  cmd->callback([args] {
    if (!args->random && !args->sensible && args->check.empty())
      throw Error("deploy: give --random, --sensible or --check \"<deployment>\"");
    if (args->random || args->sensible) {
      Rng rng(args->seed);
      for (int i = 0; i < args->count; ++i)
        std::cout << deployment_string(args->random ? random_deployment(rng) : search::sensible_deployment(rng)) << '\n';
      return;
    }
    parse_legal_deployment(args->check, args->side == "red" ? kRed : kBlue);
    std::cout << "legal\n";
  });
}

}  // namespace junqi::runner::cli
