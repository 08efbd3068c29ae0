#include "runner/game/replay.h"

#include <optional>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/flip_game.h"
#include "engine/game.h"
#include "engine/notation.h"

namespace junqi::runner {

using namespace junqi::engine;

namespace {

std::string game_name(const GameRecord& r) { return "game " + r.id + ": "; }

// Plays the record's moves on `game` (a Game or a FlipGame), checking each against what
// the record claims, then the recorded end. on_step(step, m) follows each move.
template <class G, class OnStep>
void replay_moves(G& game, const GameRecord& r, const OnStep& on_step) {
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const MoveRecord& m = r.moves[i];
    const std::string at = game_name(r) + "ply " + std::to_string(i + 1) + " (" + move_text(m) + "): ";
    if (status_without_movegen(game.position()).over()) throw Error(at + "the game was already over");
    if (!game.is_legal(m.move)) throw Error(at + "not a legal move");
    const Step step = game.apply(m.move);
    if (step.turned_up != m.turned_up) throw Error(at + "the flip turned up " + piece_char(step.turned_up));
    if (step.outcome != m.outcome) throw Error(at + "the fight ends " + annotated_move(m.move, step.outcome) + " under these rules");
    if (step.outcome != Outcome::kQuiet && (step.attacker != m.attacker || step.defender != m.defender))
      throw Error(at + "the pieces were " + piece_char(step.attacker) + " and " + piece_char(step.defender));
    on_step(step, m);
  }
  const GameStatus status = game.status();
  if (status.over()) {
    if (result_name(status.result) != r.result || reason_name(status.reason) != r.reason)
      throw Error(game_name(r) + "the final position ends " + std::string(result_name(status.result)) + " by " +
                  std::string(reason_name(status.reason)) + ", the record says " + r.result + " by " + r.reason);
  } else if (r.reason == "flag" || r.reason == "no-moves" || r.reason == "no-capture-draw" || r.reason == "max-plies" ||
             r.reason == "no-movable-pieces") {
    throw Error(game_name(r) + "the record says " + r.reason + " but the final position is not over");
  }
}

// The record's deployments, or nothing for a game that ended before play (a fault at
// start-up or deployment): its record keeps the offending deployment text, which need
// not parse.
std::optional<std::array<Deployment, kColors>> played_deployments(const GameRecord& r) {
  if (r.rules.kind == GameKind::kFlip) throw Error(game_name(r) + "a flip game (replay it as one)");
  if (r.reason == "illegal-deployment" || r.red_deployment.empty() || r.blue_deployment.empty()) {
    if (!r.moves.empty()) throw Error(game_name(r) + "moves recorded for a game that never started");
    return std::nullopt;
  }
  return std::array<Deployment, kColors>{parse_legal_deployment(r.red_deployment, kRed),
                                         parse_legal_deployment(r.blue_deployment, kBlue)};
}

}  // namespace

Position replay(const GameRecord& r, const std::function<void(const Position&, const MoveRecord&)>& on_move) {
  const auto deployments = played_deployments(r);
  if (!deployments) return Position();
  Game game(r.rules, *deployments);
  replay_moves(game, r, [&](const Step&, const MoveRecord& m) {
    if (on_move) on_move(game.position(), m);
  });
  return game.position();
}

void replay_views(const GameRecord& r, const std::function<void(const View&, const Deployment&)>& on_turn) {
  const auto deployments = played_deployments(r);
  if (!deployments) return;
  Game game(r.rules, *deployments);
  std::array<View, kColors> views = {game.initial_view(kRed), game.initial_view(kBlue)};
  const auto turn = [&] {
    const int player = game.current_player();
    if (!game.status().over()) on_turn(views[player], (*deployments)[1 - player]);
  };
  if (!r.moves.empty()) turn();
  replay_moves(game, r, [&](const Step& step, const MoveRecord&) {
    for (int player = 0; player < kColors; ++player)
      for (const Token& t : step.seen[player]) views[player].apply(t);
    turn();
  });
}

FlipPosition replay_flip(const GameRecord& r, const std::function<void(const FlipPosition&, const MoveRecord&)>& on_move) {
  if (r.layout.empty()) {  // a fault at start-up ended it before the layout was dealt
    if (!r.moves.empty()) throw Error(game_name(r) + "moves recorded for a flip game without its layout");
    return FlipPosition();
  }
  FlipPosition layout;
  try {
    layout = parse_flip_jfen(r.layout, r.rules);
  } catch (const Error& e) {
    throw Error(game_name(r) + "layout: " + e.what());
  }
  if (layout.colours_assigned() || layout.board().ply() != 0 || popcount(layout.face_down()) != 2 * kPiecesPerSide)
    throw Error(game_name(r) + "layout: not a starting layout (every piece face down, no ply played)");
  FlipGame game(layout);
  replay_moves(game, r, [&](const Step&, const MoveRecord& m) {
    if (on_move) on_move(game.position(), m);
  });
  const Color first = game.position().player_colour(0);
  if (first != r.first_colour)
    throw Error(game_name(r) + "the first player played " + (first == kRed ? "red" : "blue") + ", the record says otherwise");
  return game.position();
}

}  // namespace junqi::runner
