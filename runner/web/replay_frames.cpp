#include "runner/web/replay_frames.h"

#include <optional>
#include <sstream>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "runner/game/game_text.h"
#include "runner/web/api_error.h"
#include "runner/web/board_json.h"

namespace junqi::runner::web {
namespace {

using namespace junqi::engine;
using nlohmann::json;

}  // namespace

std::vector<GameRecord> parse_records_text(const std::string& text) {
  try {
    if (looks_like_game_text(text)) return parse_game_text(text, "the file");
    std::vector<GameRecord> games;
    std::istringstream in(text);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      try {
        games.push_back(parse_record(line));
      } catch (const Error& e) {
        throw ApiError(400, "line " + std::to_string(number) + ": " + e.what());
      }
    }
    if (games.empty()) throw ApiError(400, "the file holds no game record");
    return games;
  } catch (const Error& e) {
    throw ApiError(400, e.what());
  }
}

json game_summaries(const std::vector<GameRecord>& games) {
  json list = json::array();
  for (size_t i = 0; i < games.size(); ++i) {
    const GameRecord& r = games[i];
    list.push_back({{"index", i}, {"id", r.id}, {"red", r.red}, {"blue", r.blue}, {"result", r.result},
                    {"reason", r.reason}, {"kind", std::string(kind_name(r.rules.kind))}, {"plies", r.moves.size()}});
  }
  return list;
}

json replay_frames(const GameRecord& record, const std::string& viewpoint) {
  if (record.rules.kind != GameKind::kDark && record.rules.kind != GameKind::kOpen)
    throw ApiError(400, "the page replays dark and open games only (junqi replay reads the others)");
  std::optional<Color> side;
  if (viewpoint == "red") side = kRed;
  else if (viewpoint == "blue") side = kBlue;
  else if (viewpoint != "full") throw ApiError(400, "viewpoint must be 'full', 'red' or 'blue'");
  std::array<Deployment, kColors> deployments;
  try {
    deployments[kRed] = parse_legal_deployment(record.red_deployment, kRed);
    deployments[kBlue] = parse_legal_deployment(record.blue_deployment, kBlue);
  } catch (const Error& e) {
    throw ApiError(400, std::string("the game's deployments: ") + e.what());
  }
  Game game(record.rules, deployments);
  std::optional<View> view;
  if (side) view.emplace(game.initial_view(*side));
  const auto board = [&] { return board_json(view ? view->board() : game.position()); };
  json frames = json::array();
  frames.push_back({{"ply", 0}, {"move", nullptr}, {"board", board()}});
  for (size_t i = 0; i < record.moves.size(); ++i) {
    const MoveRecord& m = record.moves[i];
    if (is_flip(m.move) || !game.is_legal(m.move) || game.status().over())
      throw ApiError(400, "ply " + std::to_string(i + 1) + ": " + move_text(m) + " is not legal there");
    const Step step = game.apply(m.move);
    std::string text;
    if (view) {
      for (const Token& t : step.seen[*side]) {
        view->apply(t);
        if (!text.empty()) text += ' ';
        text += token_string(t);
      }
    } else {
      text = annotated_move(step.move, step.outcome);
    }
    frames.push_back({{"ply", i + 1}, {"move", text}, {"board", board()}});
  }
  return {{"viewpoint", viewpoint}, {"frames", frames}};
}

}  // namespace junqi::runner::web
