#include "runner/web/watch.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "runner/web/api_error.h"
#include "runner/web/replay_frames.h"

namespace junqi::runner::web {

std::vector<GameRecord> read_watched(const std::string& path) {
  std::ifstream in(path);
  if (!in) return {};
  std::ostringstream content;
  content << in.rdbuf();
  std::string text = content.str();
  text.erase(text.find_last_of('\n') == std::string::npos ? 0 : text.find_last_of('\n') + 1);
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) return {};
  try {
    return parse_records_text(text);
  } catch (const ApiError& e) {
    throw ApiError(500, "the watched file '" + path + "': " + e.what());
  }
}

nlohmann::json standings_json(const std::vector<GameRecord>& games) {
  struct Row {
    int games = 0, wins = 0, draws = 0, losses = 0;
    double points = 0;
  };
  std::map<std::string, Row> rows;
  for (const GameRecord& g : games) {
    const std::vector<std::string> players = g.players();
    for (int seat = 0; seat < 2; ++seat) {
      Row& r = rows[players[seat]];
      const double p = g.points(seat);
      ++r.games;
      r.points += p;
      (p == 1 ? r.wins : p == 0 ? r.losses : r.draws) += 1;
    }
  }
  std::vector<std::pair<std::string, Row>> sorted(rows.begin(), rows.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second.points > b.second.points; });
  nlohmann::json table = nlohmann::json::array();
  for (const auto& [name, r] : sorted)
    table.push_back({{"player", name}, {"games", r.games}, {"wins", r.wins}, {"draws", r.draws},
                     {"losses", r.losses}, {"points", r.points}});
  return table;
}

}  // namespace junqi::runner::web
