#pragma once
// A tournament's results for people: the standings table (games, W/D/L, score, Elo with
// its 95% interval), pentanomial counts, nElo, LOS and the SPRT for two players, a
// crosstable and a LOS matrix for more, the reasons games ended; as terminal text, summary
// JSON, a Markdown and a CSV table.

#include <optional>
#include <string>
#include <vector>

#include "runner/tournament/stats.h"
#include "runner/tournament/tournament_config.h"
#include "runner/tournament/tournament_scores.h"

namespace junqi::runner {

struct Standing {
  int player = 0;  // index in the config
  PlayerScore score;
  std::optional<stats::Interval> elo;  // none without games
};

struct TournamentReport {
  std::vector<Standing> standings;  // best score first
  // Two players: pair counts (first player's view) and its likelihood of superiority.
  std::optional<stats::Pentanomial> pentanomial;
  std::optional<stats::Interval> nelo;  // normalized Elo from the pairs
  std::optional<double> los;
  // Two players: the standings count finished pairs only, as the pair statistics do; games
  // waiting for their partner are left out until it is in.
  int open_games = 0;
  // More than two players: the Elo column is one maximum-likelihood fit over all games.
  bool rating_fit = false;
  int64_t planned = 0;  // games in the (sharded) schedule
  // With an SPRT: the result at the crossing (else at the last pair), its pair count and
  // the sentence saying so (SprtWatch::verdict); filled by the caller.
  std::optional<stats::SprtResult> sprt;
  int64_t sprt_pairs = 0;
  std::string sprt_verdict;
};

TournamentReport make_report(const TournamentConfig& config, const ScoreBoard& board, int64_t planned);

// The standings table and, for two players, the pair counts, nElo, LOS and the SPRT's LLR
// as a share of its bound: what the live display shows.
std::string standings_text(const TournamentConfig& config, const ScoreBoard& board, const TournamentReport& report);
// The standings, the crosstable and LOS matrix for more than two players, the SPRT verdict,
// the players' conduct and the game ends.
std::string report_text(const TournamentConfig& config, const ScoreBoard& board, const TournamentReport& report);
std::string report_markdown(const TournamentConfig& config, const ScoreBoard& board, const TournamentReport& report);
std::string report_json(const TournamentConfig& config, const ScoreBoard& board, const TournamentReport& report);
// One row per player, best first: player,games,wins,draws,losses,score,elo,elo_lo,elo_hi
// (score a fraction of 1; the Elo cells empty without a finite rating).
std::string report_csv(const TournamentConfig& config, const TournamentReport& report);

// out.jsonl → out.summary.json, out.md and out.csv (the record file's name without .jsonl).
std::string summary_json_path(const std::string& out);
std::string markdown_path(const std::string& out);
std::string csv_path(const std::string& out);

}  // namespace junqi::runner
