// `junqi stats --ptnml N0,N1,N2,N3,N4 [--sprt ...]` or `--wdl W,D,L`: the match statistics
// of given counts, so the tournament's numbers can be checked by hand. `--records FILE...`
// adds up the games of record files (runs of several seeds, say) pairing by pairing.
#include <algorithm>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/error.h"
#include "runner/cli/commands.h"
#include "runner/tournament/pooled_records.h"
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

// "12.3 ± 4.5": the half-width is the mean distance of the (asymmetric) bounds.
std::string short_interval(const stats::Interval& i) {
  return cat({fixed(i.value, 1), " ± ", fixed((i.upper - i.lower) / 2, 1)});
}

// "12.30 ± 4.50  [7.90, 16.80]"
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

const char* verdict(const stats::SprtResult& r) {
  return r.decision == stats::SprtResult::Decision::kAcceptH1   ? "H1 accepted"
         : r.decision == stats::SprtResult::Decision::kAcceptH0 ? "H0 accepted"
                                                                : "continue";
}

void print_sprt(const stats::SprtConfig& config, const stats::SprtResult& r) {
  const bool logistic = config.model == stats::SprtConfig::Model::kLogistic;
  std::cout << std::defaultfloat << "SPRT   elo0=" << config.elo0 << " elo1=" << config.elo1
            << " alpha=" << config.alpha << " beta=" << config.beta
            << " model=" << (logistic ? "logistic" : "normalized") << "\n"
            << "LLR    " << fixed(r.llr, 3) << "  [" << fixed(r.lower, 3) << ", " << fixed(r.upper, 3) << "]  "
            << verdict(r) << "\n";
}

// One line per pairing of the pooled records, from the first-seen player's view, or with
// `against` from the view of the player facing it (pairings without it left out).
void print_pooled(const std::vector<std::string>& files, const std::string& against,
                  const std::vector<std::string>& sprt_words) {
  const PooledRecords pooled = pool_records(files);
  const std::vector<std::string>& names = pooled.players;
  const auto anchor = std::find(names.begin(), names.end(), against);
  if (!against.empty() && anchor == names.end()) {
    std::string known;
    for (const std::string& n : names) known += (known.empty() ? "" : ", ") + n;
    throw engine::Error(cat({"--against: no player '", against, "' in the records (players: ", known, ")"}));
  }
  const ScoreBoard& board = pooled.board;
  std::cout << "records  " << files.size() << " file" << (files.size() == 1 ? "" : "s") << ", " << board.games()
            << " games, " << pooled.unpaired_games << " of them outside pairs\n";
  std::cout << "pairing                      games  W-D-L          pairs  LL,LD,WL+DD,WD,WW   score   Elo (95%)"
               "          nElo (95%)         LOS\n";
  const stats::SprtConfig config = sprt_words.empty() ? stats::SprtConfig{} : sprt_config(sprt_words);
  for (int a = 0; a < int(names.size()); ++a)
    for (int b = a + 1; b < int(names.size()); ++b) {
      int x = a, y = b;  // x's view
      if (anchor != names.end()) {
        const int k = int(anchor - names.begin());
        if (k != a && k != b) continue;
        if (k == a) std::swap(x, y);
      }
      const PlayerScore& s = board.versus(x, y);
      if (s.games() == 0) continue;
      const auto c = board.pentanomial(x, y);
      const stats::Pentanomial p{c[0], c[1], c[2], c[3], c[4]};
      const int64_t pairs = c[0] + c[1] + c[2] + c[3] + c[4];
      const stats::Trinomial t{s.wins, s.draws, s.losses};
      // The pairs where there are any; games that are in none count by W/D/L alone.
      const bool by_pairs = pairs > 0;
      std::ostringstream line;
      line << std::left << std::setw(28) << cat({names[size_t(x)], " vs ", names[size_t(y)]}) << " " << std::right
           << std::setw(5) << s.games() << "  " << std::left << std::setw(13)
           << cat({std::to_string(s.wins), "-", std::to_string(s.draws), "-", std::to_string(s.losses)}) << "  "
           << std::right << std::setw(5) << pairs << "  " << std::left << std::setw(18)
           << cat({std::to_string(c[0]), ",", std::to_string(c[1]), ",", std::to_string(c[2]), ",",
                   std::to_string(c[3]), ",", std::to_string(c[4])})
           << "  " << std::right << std::setw(5) << fixed(100 * s.points() / double(s.games()), 1) << "%  ";
      const stats::Interval elo = by_pairs ? stats::elo(p) : stats::elo(t);
      const stats::Interval nelo = by_pairs ? stats::normalized_elo(p) : stats::normalized_elo(t);
      line << std::left << std::setw(17) << short_interval(elo) << "  " << std::setw(17) << short_interval(nelo) << "  "
           << fixed(100 * (by_pairs ? stats::likelihood_of_superiority(p) : stats::likelihood_of_superiority(t)), 1)
           << "%";
      if (!by_pairs) line << "  (from W/D/L: no pairs)";
      if (!sprt_words.empty()) {
        const stats::SprtResult r = by_pairs ? stats::sprt(p, config) : stats::sprt(t, config);
        line << "  LLR " << fixed(r.llr, 2) << " (" << verdict(r) << ")";
      }
      std::cout << line.str() << "\n";
    }
}

}  // namespace

void add_stats_command(CLI::App& app) {
  struct Args {
    std::string ptnml, wdl, against;
    std::vector<std::string> sprt, records;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("stats", "Elo, nElo, LOS and SPRT of given pentanomial or W/D/L counts, or of record files added up");
  cmd->add_option("--ptnml", args->ptnml, "Pair counts by pair score 0,1/2,1,3/2,2 (LL,LD,WL+DD,WD,WW)");
  cmd->add_option("--wdl", args->wdl, "Game counts W,D,L");
  cmd->add_option("--records", args->records,
                  "Record files (JSONL) to add up, pairing by pairing: runs of several seeds, say");
  cmd->add_option("--against", args->against,
                  "With --records: only the pairings with this player, from its opponents' view (a gauntlet's fixed player)");
  cmd->add_option("--sprt", args->sprt,
                  "GSPRT on the pairs (or the games, with --wdl): \"elo0=0 elo1=10 alpha=0.05 beta=0.05 model=normalized\"")
      ->expected(1, 8);
  cmd->callback([args] {
    if (int(!args->ptnml.empty()) + int(!args->wdl.empty()) + int(!args->records.empty()) != 1)
      throw engine::Error("stats: give exactly one of --ptnml, --wdl and --records");
    if (!args->against.empty() && args->records.empty()) throw engine::Error("stats: --against goes with --records");
    std::cout << std::fixed;
    if (!args->records.empty()) {
      print_pooled(args->records, args->against, args->sprt);
      return;
    }
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
