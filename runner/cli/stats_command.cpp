// `junqi stats --ptnml N0,N1,N2,N3,N4 [--sprt ...]` or `--wdl W,D,L`: the match statistics
// of given counts, so the tournament's numbers can be checked by hand.
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/error.h"
#include "runner/cli/commands.h"
#include "runner/tournament/stats.h"
#include "runner/game/text.h"

namespace junqi::runner::cli {

namespace {

// "a,b,c" as exactly `size` non-negative counts; errors name the option.
std::vector<int64_t> parse_counts(const std::string& option, const std::string& text, size_t size) {
  std::vector<int64_t> counts;
  std::istringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    const std::string s = trimmed(item);
    size_t used = 0;
    long long n = -1;
    try {
      n = std::stoll(s, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (s.empty() || used != s.size() || n < 0)
      throw engine::Error(cat({option, ": '", item, "' is not a count (a whole number >= 0)"}));
    counts.push_back(n);
  }
  if (counts.size() != size || (!text.empty() && text.back() == ','))
    throw engine::Error(
        cat({option, ": expected ", std::to_string(size), " comma-separated counts, got '", text, "'"}));
  return counts;
}

// "12.3 ± 4.5  [7.9, 16.8]": the half-width is the mean distance of the (asymmetric) bounds.
std::string interval(const stats::Interval& i) {
  return cat({fixed(i.value, 2), " ± ", fixed((i.upper - i.lower) / 2, 2), "  [", fixed(i.lower, 2), ", ",
              fixed(i.upper, 2), "]"});
}

stats::SprtConfig sprt_config(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& part : words) text += part + " ";
  try {
    return stats::parse_sprt(text);
  } catch (const engine::Error& e) {
    throw engine::Error(cat({"--sprt: ", e.what()}));
  }
}

void print_sprt(const stats::SprtConfig& config, const stats::SprtResult& r) {
  const bool logistic = config.model == stats::SprtConfig::Model::kLogistic;
  std::cout << std::defaultfloat << "SPRT   elo0=" << config.elo0 << " elo1=" << config.elo1
            << " alpha=" << config.alpha << " beta=" << config.beta
            << " model=" << (logistic ? "logistic" : "normalized") << "\n"
            << "LLR    " << fixed(r.llr, 3) << "  [" << fixed(r.lower, 3) << ", " << fixed(r.upper, 3) << "]  "
            << (r.decision == stats::SprtResult::Decision::kAcceptH1   ? "H1 accepted"
                : r.decision == stats::SprtResult::Decision::kAcceptH0 ? "H0 accepted"
                                                                       : "continue")
            << "\n";
}

}  // namespace

void add_stats_command(CLI::App& app) {
  struct Args {
    std::string ptnml, wdl;
    std::vector<std::string> sprt;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("stats", "Elo, nElo, LOS and SPRT of given pentanomial or W/D/L counts");
  cmd->add_option("--ptnml", args->ptnml, "Pair counts by pair score 0,1/2,1,3/2,2 (LL,LD,WL+DD,WD,WW)");
  cmd->add_option("--wdl", args->wdl, "Game counts W,D,L");
  cmd->add_option("--sprt", args->sprt,
                  "GSPRT on the pairs (or the games, with --wdl): \"elo0=0 elo1=10 alpha=0.05 beta=0.05 model=normalized\"")
      ->expected(1, 8);
  cmd->callback([args] {
    if (args->ptnml.empty() == args->wdl.empty())
      throw engine::Error("stats: give exactly one of --ptnml and --wdl");
    std::cout << std::fixed;
    const stats::SprtConfig config = args->sprt.empty() ? stats::SprtConfig{} : sprt_config(args->sprt);
    if (!args->wdl.empty()) {
      const auto c = parse_counts("--wdl", args->wdl, 3);
      const stats::Trinomial t{c[0], c[1], c[2]};
      const int64_t games = c[0] + c[1] + c[2];
      std::cout << "games  " << games << "  (W " << c[0] << "  D " << c[1] << "  L " << c[2] << ")\n";
      if (games == 0) {
        std::cout << "no games: no data to estimate from\n";
        return;
      }
      const double n = static_cast<double>(games);
      std::cout << "score  " << fixed((static_cast<double>(c[0]) + 0.5 * static_cast<double>(c[1])) / n, 4) << "\n"
                << "draws  " << fixed(100 * static_cast<double>(c[1]) / n, 2) << "%\n"
                << "Elo    " << interval(stats::elo(t)) << "  (95%)\n"
                << "nElo   " << interval(stats::normalized_elo(t)) << "  (95%)\n"
                << "LOS    " << fixed(100 * stats::likelihood_of_superiority(t), 2) << "%\n";
      if (!args->sprt.empty()) print_sprt(config, stats::sprt(t, config));
      return;
    }
    const auto c = parse_counts("--ptnml", args->ptnml, 5);
    const stats::Pentanomial p{c[0], c[1], c[2], c[3], c[4]};
    const int64_t pairs = c[0] + c[1] + c[2] + c[3] + c[4];
    std::cout << "pairs  " << pairs << "  (" << 2 * pairs << " games; LL " << c[0] << "  LD " << c[1]
              << "  WL+DD " << c[2] << "  WD " << c[3] << "  WW " << c[4] << ")\n";
    if (pairs == 0) {
      std::cout << "no pairs: no data to estimate from\n";
      return;
    }
    const double points = 0.5 * static_cast<double>(c[1]) + static_cast<double>(c[2]) +
                          1.5 * static_cast<double>(c[3]) + 2.0 * static_cast<double>(c[4]);
    std::cout << "score  " << fixed(points / static_cast<double>(2 * pairs), 4) << "\n"
              << "Elo    " << interval(stats::elo(p)) << "  (95%)\n"
              << "nElo   " << interval(stats::normalized_elo(p)) << "  (95%)\n"
              << "LOS    " << fixed(100 * stats::likelihood_of_superiority(p), 2) << "%\n";
    if (!args->sprt.empty()) print_sprt(config, stats::sprt(p, config));
  });
}

}  // namespace junqi::runner::cli
