#include "runner/tournament/tournament_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>

#include "runner/game/text.h"
#include "runner/tournament/tournament_sprt.h"

namespace junqi::runner {
namespace {

std::string percent(const PlayerScore& s) { return s.games() ? fixed(100.0 * s.points() / s.games(), 1) : "-"; }

std::string elo_text(const std::optional<stats::Interval>& e) {
  if (!e) return "-";
  if (!std::isfinite(e->value)) return fixed(e->value, 1);  // a clean sweep: inf, no interval
  const double half = (e->upper - e->lower) / 2;
  return std::isfinite(half) ? cat({fixed(e->value, 1), " +/- ", fixed(half, 1)}) : fixed(e->value, 1);
}

int64_t pair_count(const stats::Pentanomial& p) { return p[0] + p[1] + p[2] + p[3] + p[4]; }

std::string pentanomial_text(const stats::Pentanomial& p) {
  return cat({std::to_string(p[0]), " ", std::to_string(p[1]), " ", std::to_string(p[2]), " ", std::to_string(p[3]),
              " ", std::to_string(p[4])});
}

std::string elo_header(const TournamentReport& report) { return report.rating_fit ? "Elo fit (95%)" : "Elo (95%)"; }

// What the table counts, when it is not simply every game.
std::string counted_note(const TournamentReport& report) {
  if (report.rating_fit) return "Elo fit: one rating per player fitted to all games at once (maximum likelihood)\n";
  if (report.open_games == 0) return "";
  return cat({"(", std::to_string(report.open_games),
              report.open_games == 1 ? " game waits" : " games wait", " for its pair partner: counted once the pair is in)\n"});
}

// "LLR 1.23 (41.8%) (-2.94, 2.94) [0, 10]": fastchess's line, the share being of the bound
// the LLR heads for.
std::string llr_text(const TournamentConfig& config, const TournamentReport& report) {
  const stats::SprtResult& r = *report.sprt;
  std::string s = cat({"LLR ", fixed(r.llr, 2), " (", fixed(llr_share(r), 1), "%) (", fixed(r.lower, 2), ", ",
                       fixed(r.upper, 2), ")"});
  if (config.sprt) s += cat({" [", fixed(config.sprt->elo0, 1), ", ", fixed(config.sprt->elo1, 1), "]"});
  return s + cat({" after ", std::to_string(report.sprt_pairs), " pairs"});
}

std::string pad(const std::string& s, size_t width, bool right = false) {
  if (s.size() >= width) return s;
  const std::string fill(width - s.size(), ' ');
  return right ? fill + s : s + fill;
}

// RFC 4180: quoted, quotes doubled, when it holds a comma, quote or line break.
std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string base_of(const std::string& out) {
  return out.ends_with(".jsonl") ? out.substr(0, out.size() - 6) : out;
}

// The player column fits the longest name.
size_t name_width(const TournamentConfig& config) {
  size_t w = 6;
  for (const auto& p : config.players) w = std::max(w, p.name.size());
  return w;
}

}  // namespace

std::string summary_json_path(const std::string& out) { return base_of(out) + ".summary.json"; }
std::string markdown_path(const std::string& out) { return base_of(out) + ".md"; }
std::string csv_path(const std::string& out) { return base_of(out) + ".csv"; }

TournamentReport make_report(const TournamentConfig& config, const ScoreBoard& board, int64_t planned) {
  TournamentReport r;
  r.planned = planned;
  const int n = board.players();
  std::vector<std::optional<stats::Interval>> elo(n);
  if (n == 2) {
    const stats::Pentanomial p = board.pentanomial(0, 1);
    r.pentanomial = p;
    r.open_games = board.open_games();
    if (pair_count(p) > 0) {
      const stats::Interval e = stats::elo(p);
      elo[0] = e;
      elo[1] = stats::Interval{-e.value, -e.upper, -e.lower};
      r.nelo = stats::normalized_elo(p);
      r.los = stats::likelihood_of_superiority(p);
    }
  } else {
    r.rating_fit = true;
    if (board.games() > 0) {
      std::vector<stats::Game> games;
      for (const ScoredGame& g : board.scored_games()) games.push_back({g.first, g.second, g.score});
      const std::vector<stats::Interval> fit = stats::fit_ratings(n, games);
      for (int i = 0; i < n && i < int(fit.size()); ++i)
        if (board.total(i).games() > 0) elo[i] = fit[i];
    }
  }
  for (int i = 0; i < n; ++i) r.standings.push_back({i, n == 2 ? board.paired_total(i) : board.total(i), elo[i]});
  std::stable_sort(r.standings.begin(), r.standings.end(), [](const Standing& a, const Standing& b) {
    const double sa = a.score.games() ? a.score.points() / a.score.games() : -1;
    const double sb = b.score.games() ? b.score.points() / b.score.games() : -1;
    return sa > sb;
  });
  (void)config;
  return r;
}

// Per player: games lost by its own faults, by kind, and its time per move.
std::string conduct_text(const TournamentConfig& config, const ScoreBoard& board) {
  const size_t w = name_width(config);
  std::string s = cat({pad("Conduct:", w + 2), "  ", pad("ms/move", 7, true), "  ", pad("max ms", 8, true), "  faults\n"});
  for (int i = 0; i < board.players(); ++i) {
    const PlayerConduct& c = board.conduct(i);
    std::string faults;
    for (const auto& [kind, n] : c.faults) faults += cat({faults.empty() ? "" : ", ", kind, " ", std::to_string(n)});
    s += cat({"  ", pad(config.players[i].name, w), "  ", pad(fixed(c.average_ms(), 1), 7, true), "  ",
              pad(std::to_string(c.max_ms), 8, true), "  ", faults.empty() ? "none" : faults, "\n"});
  }
  return s;
}

std::string standings_text(const TournamentConfig& config, const ScoreBoard& board, const TournamentReport& report) {
  const size_t w = name_width(config);
  std::string s = cat({"Results: ", std::to_string(board.games()), " of ", std::to_string(report.planned), " games\n"});
  s += cat({pad("#", 3), "  ", pad("player", w), "  ", pad("games", 6, true), "  ", pad("W", 5, true), "  ",
            pad("D", 5, true), "  ", pad("L", 5, true), "  ", pad("score%", 7, true), "  ", pad("draw%", 6, true),
            "  ", elo_header(report), "\n"});
  int rank = 0;
  for (const Standing& st : report.standings) {
    const PlayerScore& sc = st.score;
    s += cat({pad(std::to_string(++rank), 3, true), "  ", pad(config.players[st.player].name, w), "  ",
              pad(std::to_string(sc.games()), 6, true), "  ", pad(std::to_string(sc.wins), 5, true), "  ",
              pad(std::to_string(sc.draws), 5, true), "  ", pad(std::to_string(sc.losses), 5, true), "  ",
              pad(percent(sc), 7, true), "  ",
              pad(sc.games() ? fixed(100.0 * sc.draws / sc.games(), 1) : "-", 6, true), "  ", elo_text(st.elo), "\n"});
  }
  s += counted_note(report);
  if (report.pentanomial) {
    s += cat({"Pairs (", config.players[0].name, "'s view) LL LD WL+DD WD WW: ", pentanomial_text(*report.pentanomial)});
    if (report.los) s += cat({"   LOS ", fixed(100.0 * *report.los, 1), "%"});
    s += "\n";
  }
  if (report.nelo) s += cat({"nElo (", config.players[0].name, "'s view): ", elo_text(report.nelo), "\n"});
  if (report.sprt) s += llr_text(config, report) + "\n";
  return s;
}

namespace {

// Players in standings order, so that the crosstable's numbers are the standings' ranks.
std::vector<int> ranked(const TournamentReport& report) {
  std::vector<int> order;
  for (const Standing& st : report.standings) order.push_back(st.player);
  return order;
}

// A square table over the players in standings order: row label "rank name", one cell
// per column from cell(row player, column player).
std::string matrix_text(const TournamentConfig& config, const TournamentReport& report, size_t cell_width,
                        const std::function<std::string(int, int)>& cell) {
  const size_t w = name_width(config);
  const std::vector<int> order = ranked(report);
  std::string s = pad("", w + 5);
  for (size_t j = 0; j < order.size(); ++j) s += pad(std::to_string(j + 1), cell_width, true);
  s += "\n";
  for (size_t i = 0; i < order.size(); ++i) {
    s += cat({pad(std::to_string(i + 1), 3, true), "  ", pad(config.players[order[i]].name, w)});
    for (size_t j = 0; j < order.size(); ++j) s += pad(i == j ? "-" : cell(order[i], order[j]), cell_width, true);
    s += "\n";
  }
  return s;
}

std::string versus_cell(const ScoreBoard& board, int a, int b) {
  const PlayerScore& v = board.versus(a, b);
  return v.games() ? cat({fixed(v.points(), 1), "/", std::to_string(v.games())}) : ".";
}

// a's likelihood of superiority over b from their finished pairs, with the pair count.
std::string los_cell(const ScoreBoard& board, int a, int b) {
  const stats::Pentanomial p = board.pentanomial(a, b);
  const int64_t pairs = pair_count(p);
  if (pairs == 0) return ".";
  return cat({fixed(100.0 * stats::likelihood_of_superiority(p), 1), "% (", std::to_string(pairs), ")"});
}

std::string reasons_text(const ScoreBoard& board) {
  std::string s;
  for (const auto& [reason, count] : board.reasons()) s += cat({s.empty() ? "" : ", ", reason, " ", std::to_string(count)});
  return s.empty() ? "none yet" : s;
}

}  // namespace

std::string report_text(const TournamentConfig& config, const ScoreBoard& board, const TournamentReport& report) {
  std::string s = standings_text(config, board, report);
  if (board.players() > 2) {
    s += "Crosstable (row's score against column, of games played; numbered as the standings):\n";
    s += matrix_text(config, report, 10, [&](int a, int b) { return versus_cell(board, a, b); });
    s += "LOS (row better than column, from their finished pairs; pairs in brackets):\n";
    s += matrix_text(config, report, 14, [&](int a, int b) { return los_cell(board, a, b); });
  }
  if (report.sprt) s += cat({"SPRT: ", report.sprt_verdict, "\n"});
  s += conduct_text(config, board);
  s += cat({"Game ends: ", reasons_text(board), "\n"});
  return s;
}

std::string report_markdown(const TournamentConfig& config, const ScoreBoard& board, const TournamentReport& report) {
  std::string s = cat({"| # | player | games | W | D | L | score % | draw % | ", elo_header(report), " |\n",
                       "|--:|:--|--:|--:|--:|--:|--:|--:|:--|\n"});
  int rank = 0;
  for (const Standing& st : report.standings) {
    const PlayerScore& sc = st.score;
    s += cat({"| ", std::to_string(++rank), " | ", config.players[st.player].name, " | ", std::to_string(sc.games()),
              " | ", std::to_string(sc.wins), " | ", std::to_string(sc.draws), " | ", std::to_string(sc.losses), " | ",
              percent(sc), " | ", sc.games() ? fixed(100.0 * sc.draws / sc.games(), 1) : "-", " | ", elo_text(st.elo),
              " |\n"});
  }
  s += cat({"\n", std::to_string(board.games()), " of ", std::to_string(report.planned), " games, ",
            format_name(config.format), ", seed ", std::to_string(config.seed), ".\n"});
  if (const std::string note = counted_note(report); !note.empty()) s += cat({"\n", note});
  if (report.pentanomial) s += cat({"\nPentanomial (LL LD WL+DD WD WW): ", pentanomial_text(*report.pentanomial), ".\n"});
  if (report.nelo) s += cat({"nElo (", config.players[0].name, "'s view): ", elo_text(report.nelo), ".\n"});
  if (report.los) s += cat({"LOS: ", fixed(100.0 * *report.los, 1), "%.\n"});
  if (board.players() > 2) {
    const std::vector<int> order = ranked(report);
    s += "\nCrosstable (row's score against column, of games played):\n\n| # | player |";
    for (size_t j = 0; j < order.size(); ++j) s += cat({" ", std::to_string(j + 1), " |"});
    s += "\n|--:|:--|";
    for (size_t j = 0; j < order.size(); ++j) s += "--:|";
    s += "\n";
    for (size_t i = 0; i < order.size(); ++i) {
      s += cat({"| ", std::to_string(i + 1), " | ", config.players[order[i]].name, " |"});
      for (size_t j = 0; j < order.size(); ++j) s += cat({" ", i == j ? "-" : versus_cell(board, order[i], order[j]), " |"});
      s += "\n";
    }
  }
  if (report.sprt) s += cat({"\nSPRT: ", report.sprt_verdict, ".\n"});
  s += cat({"\nGame ends: ", reasons_text(board), ".\n"});
  return s;
}

std::string report_csv(const TournamentConfig& config, const TournamentReport& report) {
  std::string s = "player,games,wins,draws,losses,score,elo,elo_lo,elo_hi\n";
  for (const Standing& st : report.standings) {
    const PlayerScore& sc = st.score;
    const bool rated = st.elo && std::isfinite(st.elo->value) && std::isfinite(st.elo->lower) &&
                       std::isfinite(st.elo->upper);
    s += cat({csv_cell(config.players[st.player].name), ",", std::to_string(sc.games()), ",", std::to_string(sc.wins),
              ",", std::to_string(sc.draws), ",", std::to_string(sc.losses), ",",
              sc.games() ? fixed(sc.points() / sc.games(), 4) : "", ",", rated ? fixed(st.elo->value, 1) : "", ",",
              rated ? fixed(st.elo->lower, 1) : "", ",", rated ? fixed(st.elo->upper, 1) : "", "\n"});
  }
  return s;
}

std::string report_json(const TournamentConfig& config, const ScoreBoard& board, const TournamentReport& report) {
  using nlohmann::json;
  json players = json::array();
  for (const Standing& st : report.standings) {
    const PlayerScore& sc = st.score;
    json j = {{"name", config.players[st.player].name},
              {"spec", config.players[st.player].spec},
              {"games", sc.games()},
              {"wins", sc.wins},
              {"draws", sc.draws},
              {"losses", sc.losses},
              {"score", sc.games() ? sc.points() / sc.games() : 0.0}};
    if (st.elo && std::isfinite(st.elo->value) && std::isfinite(st.elo->lower) && std::isfinite(st.elo->upper))
      j["elo"] = {{"value", st.elo->value}, {"lower", st.elo->lower}, {"upper", st.elo->upper}};
    const PlayerConduct& c = board.conduct(st.player);
    j["faults"] = c.faults;
    j["ms_per_move"] = c.average_ms();
    j["max_ms"] = c.max_ms;
    players.push_back(std::move(j));
  }
  json cross = json::object();
  for (int i = 0; i < board.players(); ++i)
    for (int j = 0; j < board.players(); ++j)
      if (i != j && board.versus(i, j).games()) {
        const PlayerScore& v = board.versus(i, j);
        json cell = {{"games", v.games()}, {"wins", v.wins}, {"draws", v.draws}, {"losses", v.losses}};
        const stats::Pentanomial p = board.pentanomial(i, j);
        cell["pairs"] = pair_count(p);
        if (const double los = stats::likelihood_of_superiority(p); pair_count(p) > 0 && std::isfinite(los))
          cell["los"] = los;
        cross[config.players[i].name][config.players[j].name] = std::move(cell);
      }
  json out = {{"config", config.source},
              {"format", format_name(config.format)},
              {"seed", config.seed},
              {"games", board.games()},
              {"planned", report.planned},
              {"players", players},
              {"crosstable", cross},
              {"reasons", board.reasons()}};
  if (report.pentanomial) out["pentanomial"] = *report.pentanomial;
  if (report.los && std::isfinite(*report.los)) out["los"] = *report.los;
  if (report.nelo && std::isfinite(report.nelo->value) && std::isfinite(report.nelo->lower) &&
      std::isfinite(report.nelo->upper))
    out["nelo"] = {{"value", report.nelo->value}, {"lower", report.nelo->lower}, {"upper", report.nelo->upper}};
  if (report.open_games > 0) out["open_games"] = report.open_games;
  if (report.sprt) {
    using Decision = stats::SprtResult::Decision;
    const Decision d = report.sprt->decision;
    out["sprt"] = {{"llr", report.sprt->llr},
                   {"lower", report.sprt->lower},
                   {"upper", report.sprt->upper},
                   {"pairs", report.sprt_pairs},
                   {"decision", d == Decision::kAcceptH1 ? "H1" : d == Decision::kAcceptH0 ? "H0" : "continue"}};
  }
  // A player named on the command line may hold any bytes: replaced, not an abort after
  // every game has been played.
  return out.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace junqi::runner
