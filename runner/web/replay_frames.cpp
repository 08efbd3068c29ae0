#include "runner/web/replay_frames.h"

#include <optional>
#include <sstream>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/flip_game.h"
#include "engine/four/game.h"
#include "engine/four/notation.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "runner/game/four_record.h"
#include "runner/game/four_replay.h"
#include "runner/game/game_in_progress.h"
#include "runner/game/game_text.h"
#include "runner/web/api_error.h"
#include "runner/web/board_json.h"
#include "runner/web/four_seen.h"
#include "runner/web/seen_view.h"

namespace junqi::runner::web {
namespace {

using namespace junqi::engine;
using nlohmann::json;

std::string tokens_text(const Observation& seen) {
  std::string text;
  for (const Token& t : seen) {
    if (!text.empty()) text += ' ';
    text += token_string(t);
  }
  return text;
}
std::string tokens_text(const four::Observation& seen) { return four_tokens_text(seen); }
std::string recorded_move(const GameRecord& r, const MoveRecord& m) {
  return r.rules.kind == GameKind::kFour ? four_move_text(m) : move_text(m);
}

// The flip game's full board: every identity, face-down pieces flagged as such.
json flip_full_board(const FlipGame& game) {
  const FlipPosition& pos = game.position();
  json board = board_json(pos.board());
  for (json& p : board)
    if (pos.face_down() & square_bb(*parse_square(p["square"].get<std::string>()))) p["face_down"] = true;
  return board;
}

// The board after every ply of `record` from `start`, played through the referee's own
// GameInProgress: a seat's view (seen_board) and the text it saw of each move, or the
// full board and `full_text`.
template <class G, class V, class FullBoard, class FullText>
json frames_of(const GameRecord& record, G start, std::optional<int> seat, FullBoard full_board, FullText full_text) {
  GameInProgress<G, V> play(std::move(start));
  const auto board = [&] { return seat ? seen_board(play.view(*seat)) : full_board(play.game()); };
  json frames = json::array();
  frames.push_back({{"ply", 0}, {"move", nullptr}, {"board", board()}});
  for (size_t i = 0; i < record.moves.size(); ++i) {
    const MoveRecord& m = record.moves[i];
    if (!play.game().is_legal(m.move) || play.game().status().over())
      throw ApiError(400,
                     "ply " + std::to_string(i + 1) + ": " + recorded_move(record, m) + " is not legal there");
    const int mover = play.game().current_player();
    const auto step = play.apply(m.move);
    frames.push_back({{"ply", i + 1},
                      {"player", mover},
                      {"move", seat ? tokens_text(step.seen[*seat]) : full_text(step)},
                      {"board", board()}});
  }
  return frames;
}

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

// The four-player game: the full board, or what one seat saw, by seat name.
json four_frames(const GameRecord& record, const std::string& viewpoint) {
  std::optional<int> seat;
  if (viewpoint != "full") {
    seat = parse_four_seat_name(viewpoint);
    if (!seat)
      throw ApiError(400, "viewpoint must be 'full', 'south', 'east', 'north' or 'west' in the four-player game");
  }
  std::optional<four::FourGame> start;
  try {
    start.emplace(four_game_of(record));
  } catch (const Error& e) {
    throw ApiError(400, std::string("the game's deployments: ") + e.what());
  }
  return frames_of<four::FourGame, four::FourView>(
      record, std::move(*start), seat, [](const four::FourGame& g) { return four_board_json(g.position()); },
      [](const four::Step& step) { return four::annotated_move(step.move, step.outcome); });
}

json replay_frames(const GameRecord& record, const std::string& viewpoint) {
  if (record.rules.kind == GameKind::kFour)
    return {{"viewpoint", viewpoint}, {"frames", four_frames(record, viewpoint)}};
  std::optional<Color> side;
  if (viewpoint == "red") side = kRed;
  else if (viewpoint == "blue") side = kBlue;
  else if (viewpoint != "full") throw ApiError(400, "viewpoint must be 'full', 'red' or 'blue'");
  json frames;
  if (record.rules.kind == GameKind::kFlip) {
    FlipPosition layout;
    try {
      layout = parse_flip_jfen(record.layout, record.rules);
    } catch (const Error& e) {
      throw ApiError(400, std::string("the game's layout: ") + e.what());
    }
    // Views are by seat: the record names the seats by the colours the flips gave them.
    std::optional<int> seat;
    if (side) seat = *side == record.first_colour ? 0 : 1;
    frames = frames_of<FlipGame, FlipView>(record, FlipGame(layout), seat, flip_full_board,
                                           [](const Step& step) { return tokens_text(step.seen[0]); });
  } else {
    std::array<Deployment, kColors> deployments;
    try {
      deployments[kRed] = parse_legal_deployment(record.red_deployment, kRed);
      deployments[kBlue] = parse_legal_deployment(record.blue_deployment, kBlue);
    } catch (const Error& e) {
      throw ApiError(400, std::string("the game's deployments: ") + e.what());
    }
    std::optional<int> seat;
    if (side) seat = int(*side);
    frames = frames_of<Game, View>(
        record, Game(record.rules, deployments), seat, [](const Game& g) { return board_json(g.position()); },
        [](const Step& step) { return annotated_move(step.move, step.outcome); });
  }
  return {{"viewpoint", viewpoint}, {"frames", frames}};
}

}  // namespace junqi::runner::web
