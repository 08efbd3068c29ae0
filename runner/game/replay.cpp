#include "runner/game/replay.h"

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/game.h"
#include "engine/notation.h"

namespace junqi::runner {

using namespace junqi::engine;

Position replay(const GameRecord& r, const std::function<void(const Position&, const MoveRecord&)>& on_move) {
  const std::string game_name = "game " + r.id + ": ";
  // A game that ended before play (a fault at start-up or deployment) has nothing to
  // replay; its record keeps the offending deployment text, which need not parse.
  if (r.reason == "illegal-deployment" || r.red_deployment.empty() || r.blue_deployment.empty()) {
    if (!r.moves.empty()) throw Error(game_name + "moves recorded for a game that never started");
    return Position();
  }
  Game game(r.rules, {parse_legal_deployment(r.red_deployment, kRed), parse_legal_deployment(r.blue_deployment, kBlue)});
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const MoveRecord& m = r.moves[i];
    const std::string at = game_name + "ply " + std::to_string(i + 1) + " (" + annotated_move(m.move, m.outcome) + "): ";
    if (status_without_movegen(game.position()).over()) throw Error(at + "the game was already over");
    if (!game.is_legal(m.move)) throw Error(at + "not a legal move");
    const Step step = game.apply(m.move);
    if (step.outcome != m.outcome) throw Error(at + "the fight ends " + annotated_move(m.move, step.outcome) + " under these rules");
    if (step.outcome != Outcome::kQuiet && (step.attacker != m.attacker || step.defender != m.defender))
      throw Error(at + "the pieces were " + piece_char(step.attacker) + " and " + piece_char(step.defender));
    if (on_move) on_move(game.position(), m);
  }
  const GameStatus status = game.status();
  if (status.over()) {
    if (result_name(status.result) != r.result || reason_name(status.reason) != r.reason)
      throw Error(game_name + "the final position ends " + std::string(result_name(status.result)) + " by " +
                  std::string(reason_name(status.reason)) + ", the record says " + r.result + " by " + r.reason);
  } else if (r.reason == "flag" || r.reason == "no-moves" || r.reason == "no-capture-draw" || r.reason == "max-plies") {
    throw Error(game_name + "the record says " + r.reason + " but the final position is not over");
  }
  return game.position();
}

}  // namespace junqi::runner
