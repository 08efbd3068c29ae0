#pragma once
// `junqi tune spsa`: SPSA (eval/spsa.h) over evaluation weights, measured by games. Each
// iteration plays game pairs (the same two deployments, sides swapped) between the bot
// with θ+c_k·Δ and the bot with θ−c_k·Δ on the tournament runner's workers, and moves θ
// by the pairs' W − L. After every iteration the state file (JSON: every iteration's
// result and θ) is replaced atomically, with the CSV and the SVG plot of the
// trajectories, so a killed run resumes where it stopped and loses at most the games of
// one iteration; Δ and the games of iteration k depend only on the seed and k.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>

#include "engine/rules.h"
#include "runner/game/time_control.h"
#include "runner/tournament/tournament_config.h"
#include "runner/tournament/tournament_schedule.h"

namespace junqi::runner {

struct SpsaTunerConfig {
  std::string bot = "pimc";  // the bot whose weights are tuned (spec: name or config path)
  std::string params;        // parameters file (eval/spsa.h, load_spsa_params)
  int iterations = 100;
  int pairs = 1;             // game pairs per iteration
  TimeControl time_control;
  engine::Rules rules;
  uint64_t seed = 1;
  int concurrency = 0;       // games at once; 0 = hardware threads
  std::string state;         // JSON; resumed from if it exists
  std::string csv, plot;     // written after every iteration; empty = none
  std::string weights_out;   // the tuned weights, written when the last iteration is done
};

// Plays iteration k's games (θ+ is player 0, θ− player 1) and returns their W − L, or
// nullopt if interrupted before all were played (the iteration is then played again).
using SpsaIterationPlayer = std::function<std::optional<double>(const TournamentConfig& games, int k)>;

// Plays the missing iterations, printing one progress line per iteration. Returns false
// if `interrupt` stopped it before the end (the state file holds what was done).
// Throws engine::Error for bad parameters or a state file of another run. The games
// run here on `concurrency` workers, or through `play` (e.g. spread over a cluster).
bool run_spsa_tuner(const SpsaTunerConfig& config, std::ostream& out, const std::atomic<bool>* interrupt = nullptr,
                    const SpsaIterationPlayer& play = {});

// One slice of iteration k's game pairs (the shard `slice` of its schedule), as a
// cluster's task plays it: θ comes from the state file, which must hold exactly the
// iterations before k. Returns the slice's W − L; the slices' sum is the iteration's.
double play_spsa_slice(const SpsaTunerConfig& config, int k, Shard slice);

}  // namespace junqi::runner
