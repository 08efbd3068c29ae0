#include "runner/tune/spsa_tuner.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <mutex>
#include <optional>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/config_path.h"
#include "engine/error.h"
#include "eval/spsa.h"
#include "runner/game/json_input.h"
#include "runner/players/player_factory.h"
#include "runner/tune/svg_plot.h"
#include "runner/tune/tuned_evaluation.h"
#include "runner/game/text.h"
#include "runner/tournament/tournament_runner.h"
#include "runner/tournament/tournament_schedule.h"

namespace junqi::runner {

using engine::Error;
using nlohmann::json;

namespace {

struct Iteration {
  int k = 0;
  double result = 0;  // W - L of θ+ against θ-
  std::vector<double> theta;  // after the update
};

// Which feature each parameter sets; a name that is not a feature is an error naming it.
std::vector<int> feature_indices(const std::vector<eval::SpsaParam>& params, const TunedEvaluation& evaluation) {
  const eval::FeatureNames features = evaluation.features();
  std::vector<int> out;
  for (const eval::SpsaParam& p : params) {
    const auto it = std::find(features.names.begin(), features.names.end(), p.name);
    if (it == features.names.end()) {
      std::string known;
      for (std::string_view name : features.names) known += cat({known.empty() ? "" : ", ", name});
      throw Error(cat({"spsa parameter '", p.name, "': not a feature of the ", evaluation.name(),
                       " evaluation (features: ", known, ")"}));
    }
    out.push_back(int(it - features.names.begin()));
  }
  return out;
}

Eigen::VectorXd with_theta(Eigen::VectorXd w, const std::vector<int>& features, const std::vector<double>& theta) {
  for (size_t i = 0; i < features.size(); ++i) w[features[i]] = theta[i];
  return w;
}

void write_atomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    if (!(out << text) || !out.flush()) throw Error(cat({"cannot write '", tmp, "'"}));
  }
  std::filesystem::rename(tmp, path);
}

json state_json(const SpsaTunerConfig& config, const TunedEvaluation& evaluation,
                const std::vector<eval::SpsaParam>& params, const std::vector<Iteration>& done) {
  json j;
  j["evaluation"] = evaluation.name();
  j["bot"] = config.bot;
  j["iterations"] = config.iterations;
  j["pairs"] = config.pairs;
  j["seed"] = config.seed;
  j["tc"] = config.time_control.text();
  for (const auto& p : params) j["params"].push_back(p.name);
  j["history"] = json::array();
  for (const Iteration& it : done) j["history"].push_back({{"k", it.k}, {"result", it.result}, {"theta", it.theta}});
  return j;
}

// The iterations a state file holds, after checking it belongs to this run.
std::vector<Iteration> read_state(const SpsaTunerConfig& config, const TunedEvaluation& evaluation,
                                  const std::vector<eval::SpsaParam>& params) {
  std::ifstream in(config.state, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  try {
    const json j = parse_json(text.str());
    const JsonField state(j);
    const json expected = state_json(config, evaluation, params, {});
    // State files from before the flip game was tunable have no "evaluation": the dark one.
    const std::string tuned = state.find("evaluation") ? state["evaluation"].text() : "dark";
    if (tuned != evaluation.name())
      throw Error(cat({"it tunes the ", tuned, " evaluation, this run the ", evaluation.name(),
                       " one (the rules' kind decides): a state file resumes only the run that wrote it"}));
    for (const char* key : {"bot", "iterations", "pairs", "seed", "tc", "params"})
      if (!state.find(key) || j[key] != expected[key])
        throw Error(cat({key, " is ", j.contains(key) ? j[key].dump() : "missing", ", this run has ",
                         expected[key].dump(), " (a state file resumes only the run that wrote it)"}));
    std::vector<Iteration> done;
    for (const JsonField& h : state["history"].elements()) {
      Iteration it{h["k"].integer(), h["result"].number(), {}};
      for (const JsonField& v : h["theta"].elements()) it.theta.push_back(v.number());
      if (it.k != int(done.size()) + 1)
        h["k"].fail(cat({"expected ", std::to_string(done.size() + 1), ", got ", std::to_string(it.k)}));
      if (it.theta.size() != params.size())
        h["theta"].fail(cat({"expected ", std::to_string(params.size()), " values (one per parameter), got ",
                             std::to_string(it.theta.size())}));
      done.push_back(std::move(it));
    }
    return done;
  } catch (const Error& e) {
    throw Error(cat({config.state, ": ", e.what()}));
  }
}

std::string csv_text(const std::vector<eval::SpsaParam>& params, const std::vector<Iteration>& done) {
  std::ostringstream s;
  s << std::setprecision(10) << "iteration,wins_minus_losses";
  for (const auto& p : params) s << ',' << p.name;
  s << "\n0,";
  for (const auto& p : params) s << ',' << p.start;
  s << '\n';
  for (const Iteration& it : done) {
    s << it.k << ',' << it.result;
    for (double v : it.theta) s << ',' << v;
    s << '\n';
  }
  return s.str();
}

std::string plot_text(const std::vector<eval::SpsaParam>& params, const std::vector<Iteration>& done) {
  std::vector<PlotSeries> series;
  for (size_t i = 0; i < params.size(); ++i) {
    PlotSeries s{params[i].name, {params[i].start}};
    for (const Iteration& it : done) s.y.push_back(it.theta[i]);
    series.push_back(std::move(s));
  }
  return svg_line_chart("SPSA parameter trajectories", "iteration", series);
}

// What every iteration needs: the parameters, their features, the SPSA state and the bot.
struct SpsaSetup {
  std::optional<TunedEvaluation> evaluation;  // the dark or the flip game's, by the rules' kind
  std::vector<eval::SpsaParam> params;
  std::vector<int> features;
  std::optional<eval::Spsa> spsa;
  search::BotConfig bot;
  Eigen::VectorXd base;
};

SpsaSetup setup_spsa(const SpsaTunerConfig& config) {
  SpsaSetup s;
  eval::SpsaSettings settings;
  s.params = eval::load_spsa_params(config.params, &settings);
  settings.iterations = config.iterations;
  if (config.pairs < 1) throw Error("spsa: pairs per iteration must be at least 1");
  const TunedEvaluation& evaluation = s.evaluation.emplace(config.rules.kind);
  s.features = feature_indices(s.params, evaluation);
  s.spsa.emplace(s.params, settings);
  s.bot = search::resolve_bot(config.bot);
  // greedy plays the flip game by the evaluation alone, the dark game without it.
  if (s.bot.kind != "pimc" && s.bot.kind != "ismcts" && !(s.bot.kind == "greedy" && evaluation.flip()))
    throw Error(cat({"spsa: bot '", config.bot, "' (kind '", s.bot.kind, "') has no ", evaluation.name(),
                     " evaluation to tune; use pimc or ismcts", evaluation.flip() ? " (or greedy)" : ""}));
  make_player(s.bot);  // fails now on a bad config, not in the first game
  s.base = evaluation.find(evaluation.weights_name(s.bot));
  return s;
}

// Iteration k's games: the bot with θ+ (player 0) against the bot with θ−, in pairs.
TournamentConfig iteration_games(const SpsaTunerConfig& config, const SpsaSetup& setup, int k,
                                 const eval::SpsaStep& step) {
  TournamentConfig games;
  games.source = "spsa";
  for (const auto& [name, theta] : {std::pair{"plus", &step.plus}, std::pair{"minus", &step.minus}}) {
    TournamentPlayer p;
    p.name = p.spec = name;
    p.bot = setup.bot;
    setup.evaluation->give(*p.bot, with_theta(setup.base, setup.features, *theta));
    games.players.push_back(std::move(p));
  }
  games.pairs = config.pairs;
  games.rules = config.rules;
  games.time_control = config.time_control;
  games.seed = config.seed * 0xD6E8FEB86659FD93ull + uint64_t(k);  // fresh deployments each iteration
  games.concurrency = config.concurrency;
  return games;
}

// Plays `schedule` here; W − L of θ+ (player 0), and how many games were played.
std::pair<double, int> play_here(const TournamentConfig& games, const Schedule& schedule,
                                 const std::atomic<bool>* interrupt) {
  std::mutex mutex;
  double result = 0;
  int played = 0;
  run_games(games, schedule, {}, games.concurrency,
            [&](const ScheduledGame& game, const GameRecord& record) {
              std::lock_guard lock(mutex);
              ++played;
              // +1 when theta+ (player 0) won, -1 when it lost; seats, not colours, name
              // the players (in the flip game the colours are dealt in play).
              const double plus_points = record.points(game.players[0] == 0 ? 0 : 1);
              result += plus_points == 1.0 ? 1 : plus_points == 0.0 ? -1 : 0;
            },
            interrupt);
  return {result, played};
}

}  // namespace

bool run_spsa_tuner(const SpsaTunerConfig& config, std::ostream& out, const std::atomic<bool>* interrupt,
                    const SpsaIterationPlayer& play) {
  SpsaSetup setup = setup_spsa(config);
  const std::vector<eval::SpsaParam>& params = setup.params;
  eval::Spsa& spsa = *setup.spsa;

  std::vector<Iteration> done;
  if (!config.state.empty() && engine::path_exists(config.state)) {
    done = read_state(config, *setup.evaluation, params);
    if (!done.empty()) spsa.set_theta(done.back().theta);
    out << "Resuming " << config.state << ": " << done.size() << " of " << config.iterations << " iterations done\n";
  }
  out << "SPSA: " << params.size() << " parameters of the " << setup.evaluation->name() << " evaluation of bot '"
      << config.bot << "', " << config.iterations << " iterations of " << config.pairs << " game pair(s), tc " << config.time_control.text() << ", seed "
      << config.seed << "\n";

  const auto start = std::chrono::steady_clock::now();
  const int first = int(done.size()) + 1;
  for (int k = first; k <= config.iterations; ++k) {
    if (interrupt && interrupt->load()) return false;
    const eval::SpsaStep step = spsa.step(k, config.seed);
    const TournamentConfig games = iteration_games(config, setup, k, step);
    std::optional<double> result;
    if (play) {
      result = play(games, k);
    } else {
      const Schedule schedule(games);
      const auto [r, played] = play_here(games, schedule, interrupt);
      if (played == schedule.size()) result = r;
    }
    if (!result) return false;  // interrupted mid-iteration: replayed on resume
    spsa.update(step, *result);
    done.push_back({k, *result, spsa.theta()});
    if (!config.state.empty())
      write_atomically(config.state, state_json(config, *setup.evaluation, params, done).dump(1) + "\n");
    if (!config.csv.empty()) write_atomically(config.csv, csv_text(params, done));
    if (!config.plot.empty()) write_atomically(config.plot, plot_text(params, done));
    out << "iter " << k << "/" << config.iterations << "  W-L " << std::showpos << *result << std::noshowpos
        << "  c_k(" << params[0].name << ") " << std::setprecision(3) << step.c[0] << " ";
    for (size_t i = 0; i < params.size(); ++i) out << " " << params[i].name << "=" << std::setprecision(4) << spsa.theta()[i];
    // The time per iteration of this run so far gives the time left.
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    out << "  [" << duration_text(elapsed) << ", ETA " << duration_text(elapsed / (k - first + 1) * (config.iterations - k))
        << "]" << std::endl;
  }
  // The summary: what this run played and where θ ended.
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out << "SPSA done: " << config.iterations << " iterations (" << config.iterations - first + 1 << " in this run, "
      << duration_text(seconds) << "); theta:";
  for (size_t i = 0; i < params.size(); ++i) out << " " << params[i].name << "=" << std::setprecision(4) << spsa.theta()[i];
  out << "\n";
  if (!config.weights_out.empty()) {
    std::ostringstream comment;
    comment << "SPSA (junqi tune spsa) of the " << setup.evaluation->name() << " evaluation: bot " << config.bot
            << ", params " << config.params << ", " << config.iterations << " iterations of " << config.pairs
            << " pair(s), tc " << config.time_control.text() << ", seed " << config.seed;
    setup.evaluation->save(config.weights_out, with_theta(setup.base, setup.features, spsa.theta()), comment.str());
    out << "Wrote " << config.weights_out << "\n";
  }
  return true;
}

double play_spsa_slice(const SpsaTunerConfig& config, int k, Shard slice) {
  SpsaSetup setup = setup_spsa(config);
  const std::vector<Iteration> done =
      engine::path_exists(config.state) ? read_state(config, *setup.evaluation, setup.params) : std::vector<Iteration>{};
  if (int(done.size()) != k - 1)
    throw Error(cat({config.state, ": holds ", std::to_string(done.size()), " iterations, so iteration ",
                     std::to_string(k), " cannot be played from it"}));
  if (!done.empty()) setup.spsa->set_theta(done.back().theta);
  const TournamentConfig games = iteration_games(config, setup, k, setup.spsa->step(k, config.seed));
  const Schedule schedule(games, slice);
  const auto [result, played] = play_here(games, schedule, nullptr);
  return result;
}

}  // namespace junqi::runner
