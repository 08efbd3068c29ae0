#include "runner/game/replay.h"

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
// the record claims, then the recorded end.
template <class G, class OnMove>
void replay_moves(G& game, const GameRecord& r, const OnMove& on_move) {
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
    if (on_move) on_move(game.position(), m);
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

}  // namespace

Position replay(const GameRecord& r, const std::function<void(const Position&, const MoveRecord&)>& on_move) {
  if (r.rules.kind == GameKind::kFlip) throw Error(game_name(r) + "a flip game (replay it as one)");
  // A game that ended before play (a fault at start-up or deployment) has nothing to
  // replay; its record keeps the offending deployment text, which need not parse.
  if (r.reason == "illegal-deployment" || r.red_deployment.empty() || r.blue_deployment.empty()) {
    if (!r.moves.empty()) throw Error(game_name(r) + "moves recorded for a game that never started");
    return Position();
  }
  Game game(r.rules, {parse_legal_deployment(r.red_deployment, kRed), parse_legal_deployment(r.blue_deployment, kBlue)});
  replay_moves(game, r, on_move);
  return game.position();
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
  replay_moves(game, r, on_move);
  const Color first = game.position().player_colour(0);
  if (first != r.first_colour)
    throw Error(game_name(r) + "the first player played " + (first == kRed ? "red" : "blue") + ", the record says otherwise");
  return game.position();
}

}  // namespace junqi::runner
