// `junqi prior behaviour RECORDS.jsonl... --out FILE [--prior NAME] [--iterations N]`: a
// behaviour model (search/behaviour_model.h) fitted to what the players of recorded dark
// games knew at each of their moves and what the enemy pieces really were.
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/text_fields.h"
#include "runner/cli/commands.h"
#include "runner/game/record.h"
#include "runner/game/replay.h"
#include "search/behaviour_model.h"
#include "search/deployment_prior.h"

namespace junqi::runner::cli {

namespace {

using engine::Error;

struct BehaviourArgs {
  std::vector<std::string> records;
  std::string out, prior = "records", source;
  int iterations = 50;
};

void fit_behaviour(const BehaviourArgs& args) {
  search::BehaviourFit fit;
  search::DeploymentCounts deployments;
  int64_t games = 0;
  for (const std::string& file : args.records) {
    for (const GameRecord& r : read_records(file)) {
      if (r.rules.kind != engine::GameKind::kDark) continue;  // open games hide nothing, flip and four have other beliefs
      ++games;
      try {
        replay_views(r, [&](const engine::View& view, const engine::Deployment& enemy) { fit.add_view(view, enemy); });
        deployments.add(engine::parse_legal_deployment(r.red_deployment, engine::kRed));
        deployments.add(engine::parse_legal_deployment(r.blue_deployment, engine::kBlue));
      } catch (const Error& e) {
        throw Error(file + ": " + e.what());
      }
    }
  }
  if (fit.observations() == 0) throw Error("prior behaviour: no moves of dark games in the records");
  const search::DeploymentPrior prior =
      args.prior == "records" ? search::learn_prior(deployments, 1.0) : search::find_prior(args.prior);
  const search::BehaviourModel model = fit.fit(prior, args.iterations);
  const double before = fit.log_loss(prior, search::BehaviourModel::neutral()), after = fit.log_loss(prior, model);

  std::ostringstream header;
  header << "Behaviour model (search/behaviour_model.h): weights by behaviour class and piece type.\n"
         << "Fitted by `junqi prior behaviour` (" << args.iterations << " iterations, prior "
         << (args.prior == "records" ? "learned from the records' deployments" : args.prior) << ") from "
         << fit.observations() << " observations in " << games << " dark games of:\n";
  for (const std::string& file : args.records) header << "  " << file << "\n";
  if (!args.source.empty()) header << args.source << "\n";
  header << std::setprecision(4) << "Mean -ln P(true type): " << before << " without the model, " << after
         << " with it.";
  std::ofstream out(args.out);
  if (!out) throw Error("prior behaviour: cannot write " + args.out);
  out << search::behaviour_toml(model, header.str());
  if (!out.flush()) throw Error("prior behaviour: cannot write " + args.out);
  std::cout << "fitted to " << fit.observations() << " observations of " << games << " games; wrote " << args.out
            << "\n" << std::setprecision(4) << "mean -ln P(true type): " << before << " without the model, " << after
            << " with it\n";
}

}  // namespace

void add_behaviour_subcommand(CLI::App& prior_cmd) {
  auto args = std::make_shared<BehaviourArgs>();
  auto* cmd = prior_cmd.add_subcommand(
      "behaviour", "Fit a behaviour model: how an enemy piece's moves and fights shift the odds of its type");
  cmd->add_option("records", args->records, "Record files (JSON lines); dark games only are read")->required();
  cmd->add_option("--out", args->out, "Model file to write, e.g. configs/behaviour/NAME.toml")->required();
  cmd->add_option("--prior", args->prior,
                  "The deployment prior the model adds to: 'records' (learned from the same games), "
                  "'uniform', or a prior name or path");
  cmd->add_option("--iterations", args->iterations, "Fitting iterations")->check(CLI::Range(1, 10000));
  cmd->add_option("--source", args->source, "A line for the file's header: where the records came from");
  cmd->callback([args] { fit_behaviour(*args); });
}

}  // namespace junqi::runner::cli
