// `junqi prior learn RECORDS.jsonl... --out FILE [--side red|blue|both] [--player NAME]
// [--alpha A]`: a deployment prior (search/deployment_prior.h) from the deployments of
// recorded games; `junqi prior show NAME`: a prior's most likely type per slot.
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/notation.h"
#include "runner/cli/commands.h"
#include "runner/game/record.h"
#include "runner/game/text.h"
#include "search/deployment_prior.h"

namespace junqi::runner::cli {

namespace {

using engine::Error;

// Six lines, own back rank first, each slot's most likely type and its share of the
// slot's weight: what a learned habit looks like at a glance.
void print_most_likely(const search::DeploymentPrior& prior) {
  std::cout << "most likely type per slot (own back rank first, own left to right), with its probability:\n"
            << std::fixed << std::setprecision(2);
  for (int rank = 0; rank < 6; ++rank) {
    std::cout << "  rank " << rank + 1 << " ";
    for (int file = 0; file < 5; ++file) {
      const int slot = rank * 5 + file;
      if (engine::is_camp_slot(slot)) {
        std::cout << "   +    ";
        continue;
      }
      double total = 0;
      for (double w : prior.weight[slot]) total += w;
      const engine::PieceType t = search::most_likely(prior, slot);
      std::cout << "   " << engine::type_char(t) << " " << prior.weight[slot][t] / total;
    }
    std::cout << "\n";
  }
}

struct LearnArgs {
  std::vector<std::string> records;
  std::string out, side = "both", player, source;
  double alpha = 1.0;
};

void learn(const LearnArgs& args) {
  search::DeploymentCounts counts;
  int64_t games = 0;
  for (const std::string& file : args.records) {
    for (const GameRecord& r : read_records(file)) {
      ++games;
      for (const engine::Color c : {engine::kRed, engine::kBlue}) {
        const bool red = c == engine::kRed;
        if (args.side != "both" && (args.side == "red") != red) continue;
        if (!args.player.empty() && (red ? r.red : r.blue) != args.player) continue;
        const std::string& text = red ? r.red_deployment : r.blue_deployment;
        if (text.empty()) continue;  // the game ended before this side had a legal deployment
        try {
          counts.add(engine::parse_legal_deployment(text, c));
        } catch (const Error& e) {
          throw Error(
              cat({file, ": game ", r.id, ": ", red ? "red_deployment" : "blue_deployment", ": ", e.what()}));
        }
      }
    }
  }
  if (counts.deployments == 0)
    throw Error(cat({"prior learn: no deployments in ", std::to_string(games), " games match --side ",
                     args.side, args.player.empty() ? "" : " --player ", args.player}));
  const search::DeploymentPrior prior = search::learn_prior(counts, args.alpha);

  std::ostringstream header;
  header << "Deployment prior (search/deployment_prior.h): P(type | slot), additive smoothing alpha = "
         << args.alpha << ".\n"
         << "Learned by `junqi prior learn` from " << counts.deployments << " deployments (side " << args.side
         << (args.player.empty() ? "" : cat({", player ", args.player})) << ") of " << games
         << " games in:\n";
  for (const std::string& file : args.records) header << "  " << file << "\n";
  if (!args.source.empty()) header << args.source << "\n";
  header << "Slots are named by own file a-e (from the deploying side's left) and own rank 1-6.";
  std::ofstream out(args.out);
  if (!out) throw Error(cat({"prior learn: cannot write ", args.out}));
  out << search::prior_toml(prior, header.str());
  if (!out.flush()) throw Error(cat({"prior learn: cannot write ", args.out}));

  std::cout << "learned from " << counts.deployments << " deployments of " << games << " games; wrote "
            << args.out << "\n";
  print_most_likely(prior);
}

}  // namespace

void add_prior_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "prior", "Deployment priors and behaviour models for the belief sampler: learn one from records, show one");
  cmd->require_subcommand(1);

  auto args = std::make_shared<LearnArgs>();
  auto* learn_cmd = cmd->add_subcommand("learn", "Learn P(type | slot) from the deployments in game records");
  learn_cmd->add_option("records", args->records, "Record files (JSON lines)")->required();
  learn_cmd->add_option("--out", args->out, "Prior file to write, e.g. configs/priors/NAME.toml")->required();
  learn_cmd->add_option("--side", args->side, "Whose deployments to learn from")
      ->check(CLI::IsMember({"red", "blue", "both"}));
  learn_cmd->add_option("--player", args->player, "Only deployments of the player with this record name");
  learn_cmd->add_option("--alpha", args->alpha, "Additive smoothing per allowed type (> 0)");
  learn_cmd->add_option("--source", args->source,
                        "A line for the file's header: where the records came from");
  learn_cmd->callback([args] { learn(*args); });

  auto name = std::make_shared<std::string>();
  auto* show_cmd = cmd->add_subcommand("show", "Print a prior's most likely type per slot");
  show_cmd->add_option("name", *name, "Prior name (configs/priors/NAME.toml) or path")->required();
  show_cmd->callback([name] { print_most_likely(search::find_prior(*name)); });

  add_behaviour_subcommand(*cmd);
}

}  // namespace junqi::runner::cli
