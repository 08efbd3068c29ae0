#include "runner/replay.h"

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/game_end.h"
#include "engine/notation.h"

namespace junqi::runner {

using namespace junqi::engine;

Position replay(const GameRecord& r, const std::function<void(const Position&, const MoveRecord&)>& on_move) {
  const std::string game = "game " + r.id + ": ";
  // A game that ended before play (a fault at start-up or deployment) has nothing to
  // replay; its record keeps the offending deployment text, which need not parse.
  if (r.reason == "illegal-deployment" || r.red_deployment.empty() || r.blue_deployment.empty()) {
    if (!r.moves.empty()) throw Error(game + "moves recorded for a game that never started");
    return Position();
  }
  Position pos = start_position(parse_legal_deployment(r.red_deployment, kRed),
                                parse_legal_deployment(r.blue_deployment, kBlue), r.rules);
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const MoveRecord& m = r.moves[i];
    const std::string at = game + "ply " + std::to_string(i + 1) + " (" + annotated_move(m.move, m.outcome) + "): ";
    if (status_without_movegen(pos).over()) throw Error(at + "the game was already over");
    if (!is_legal(pos, m.move)) throw Error(at + "not a legal move");
    const Piece attacker = pos.piece_on(from_sq(m.move)), defender = pos.piece_on(to_sq(m.move));
    Position::Undo undo;
    const Outcome o = pos.make(m.move, undo);
    if (o != m.outcome) throw Error(at + "the fight ends " + annotated_move(m.move, o) + " under these rules");
    if (o != Outcome::kQuiet && (attacker != m.attacker || defender != m.defender))
      throw Error(at + "the pieces were " + piece_char(attacker) + " and " + piece_char(defender));
    if (on_move) on_move(pos, m);
  }
  const GameStatus status = game_status(pos);
  if (status.over()) {
    if (result_name(status.result) != r.result || reason_name(status.reason) != r.reason)
      throw Error(game + "the final position ends " + std::string(result_name(status.result)) + " by " +
                  std::string(reason_name(status.reason)) + ", the record says " + r.result + " by " + r.reason);
  } else if (r.reason == "flag" || r.reason == "no-moves" || r.reason == "no-capture-draw" || r.reason == "max-plies") {
    throw Error(game + "the record says " + r.reason + " but the final position is not over");
  }
  return pos;
}

}  // namespace junqi::runner
