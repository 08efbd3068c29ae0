#include "runner/game/four_replay.h"

#include <algorithm>
#include <array>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/four/notation.h"
#include "engine/notation.h"
#include "runner/game/four_record.h"
#include "runner/game/text.h"

namespace junqi::runner {

using namespace junqi::engine;
namespace four = junqi::engine::four;

std::vector<Elimination> eliminations_of(const four::Step& step, int ply) {
  std::vector<Elimination> out;
  for (const auto& [seat, why] : step.out) out.push_back({int(seat), ply, std::string(reason_name(why))});
  return out;
}

namespace {

std::string game_name(const GameRecord& r) { return "game " + r.id + ": "; }

std::string elimination_text(const std::vector<Elimination>& out) {
  if (out.empty()) return "none";
  std::string s;
  for (const Elimination& e : out)
    s += cat({s.empty() ? "" : ", ", std::string(1, four_seat_letter(e.seat)), " by ", e.reason});
  return s;
}

}  // namespace

four::FourGame four_game_of(const GameRecord& r) {
  std::array<Deployment, four::kSeats> d;
  for (int s = 0; s < four::kSeats; ++s) try {
      d[s] = parse_legal_deployment(r.seat_deployments[s]);
    } catch (const Error& e) {
      throw Error(cat({game_name(r), "deployments[", std::to_string(s), "] (", std::string(1, four_seat_letter(s)),
                       "): ", e.what()}));
    }
  return four::FourGame(r.rules, d);
}

four::Position replay_four(const GameRecord& r,
                           const std::function<void(const four::Position&, const MoveRecord&)>& on_move) {
  if (r.rules.kind != GameKind::kFour) throw Error(game_name(r) + "not a four-player game");
  // A game that ended before play (a fault at start-up or deployment) has nothing to
  // replay; its record keeps the offending deployment text, which need not parse.
  const bool deployed = std::none_of(r.seat_deployments.begin(), r.seat_deployments.end(),
                                     [](const std::string& d) { return d.empty(); });
  if (r.reason == "illegal-deployment" || !deployed) {
    if (!r.moves.empty()) throw Error(game_name(r) + "moves recorded for a game that never started");
    return four::Position();
  }
  four::FourGame game = four_game_of(r);
  std::vector<Elimination> out;
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const MoveRecord& m = r.moves[i];
    const std::string at = cat({game_name(r), "ply ", std::to_string(i + 1), " (", four_move_text(m), "): "});
    if (game.status().over()) throw Error(at + "the game was already over");
    if (!game.is_legal(m.move)) throw Error(at + "not a legal move");
    const four::Step step = game.apply(m.move);
    if (step.outcome != m.outcome)
      throw Error(at + "the fight ends " + four::annotated_move(m.move, step.outcome) + " under these rules");
    const Piece attacker = Piece(type_of(step.attacker)), defender = Piece(type_of(step.defender));
    if (step.outcome != Outcome::kQuiet && (attacker != m.attacker || defender != m.defender))
      throw Error(cat({at, "the pieces were ", std::string(1, piece_char(attacker)), " and ",
                       std::string(1, piece_char(defender))}));
    const std::vector<Elimination> now = eliminations_of(step, int(i + 1));
    out.insert(out.end(), now.begin(), now.end());
    if (on_move) on_move(game.position(), m);
  }
  if (out != r.eliminations)
    throw Error(cat({game_name(r), "the seats went out as ", elimination_text(out), ", the record says ",
                     elimination_text(r.eliminations)}));
  const four::Status status = game.status();
  if (status.over()) {
    if (four_result_name(status.result) != r.result || reason_name(status.reason) != r.reason)
      throw Error(cat({game_name(r), "the final position ends ", four_result_name(status.result), " by ",
                       reason_name(status.reason), ", the record says ", r.result, " by ", r.reason}));
  } else if (r.reason == "flag" || r.reason == "no-moves" || r.reason == "no-capture-draw" ||
             r.reason == "max-plies" || r.reason == "no-movable-pieces") {
    throw Error(game_name(r) + "the record says " + r.reason + " but the final position is not over");
  }
  return game.position();
}

}  // namespace junqi::runner
