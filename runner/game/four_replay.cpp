#include "runner/game/four_replay.h"

#include <algorithm>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/four/deployment.h"
#include "engine/four/movegen.h"
#include "engine/four/notation.h"
#include "engine/notation.h"
#include "runner/game/four_record.h"
#include "runner/game/text.h"

namespace junqi::runner {

using namespace junqi::engine;
namespace four = junqi::engine::four;

FourPly play_four_ply(four::Position& pos, Move m) {
  FourPly ply;
  four::Position::Undo u;
  const Piece mover = pos.piece_on(from_sq(m)), target = pos.piece_on(to_sq(m));
  ply.outcome = pos.make(m, u);
  if (ply.outcome != Outcome::kQuiet) {
    ply.attacker = Piece(type_of(mover));
    ply.defender = Piece(type_of(target));
  }
  // make() removes the pieces of each seat it puts out, seat after seat, in the order of
  // RULES.md §6: a taken Flag's seat first, then (immobile = at-once) the seats without a
  // movable piece, then the seats left without a legal move on their turn.
  for (int i = 0; i < u.removed_count; ++i) {
    const four::Seat seat = four::seat_of(u.removed[i].piece);
    if (!ply.out.empty() && ply.out.back().seat == seat) continue;
    std::string reason = "no-moves";
    if (type_of(target) == kFlag && four::seat_of(target) == seat) {
      reason = "flag";
    } else if (pos.rules().immobile == Immobile::kAtOnce) {
      // Such a seat had pieces but none that could ever move: only Flags and Landmines,
      // and pieces in a headquarters unless hq_exit.
      const bool movable = std::any_of(u.removed.begin(), u.removed.begin() + u.removed_count, [&](const auto& r) {
        return four::seat_of(r.piece) == seat && type_of(r.piece) != kFlag && type_of(r.piece) != kMine &&
               (pos.rules().hq_exit || !four::Board::kT.headquarters.has(r.square));
      });
      if (!movable) reason = "no-movable-pieces";
    }
    ply.out.push_back({int(seat), pos.ply(), reason});
  }
  return ply;
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

four::Position four_start(const GameRecord& r) {
  std::array<Deployment, four::kSeats> d;
  for (int s = 0; s < four::kSeats; ++s) try {
      d[s] = parse_legal_deployment(r.seat_deployments[s]);
    } catch (const Error& e) {
      throw Error(cat({game_name(r), "deployments[", std::to_string(s), "] (", std::string(1, four_seat_letter(s)),
                       "): ", e.what()}));
    }
  return four::start_position(d, r.rules);
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
  four::Position pos = four_start(r);
  std::vector<Elimination> out;
  for (size_t i = 0; i < r.moves.size(); ++i) {
    const MoveRecord& m = r.moves[i];
    const std::string at = cat({game_name(r), "ply ", std::to_string(i + 1), " (", four_move_text(m), "): "});
    if (four::game_status(pos).over()) throw Error(at + "the game was already over");
    if (!four::is_legal(pos, m.move)) throw Error(at + "not a legal move");
    const FourPly ply = play_four_ply(pos, m.move);
    if (ply.outcome != m.outcome)
      throw Error(at + "the fight ends " + four::annotated_move(m.move, ply.outcome) + " under these rules");
    if (ply.outcome != Outcome::kQuiet && (ply.attacker != m.attacker || ply.defender != m.defender))
      throw Error(cat({at, "the pieces were ", std::string(1, piece_char(ply.attacker)), " and ",
                       std::string(1, piece_char(ply.defender))}));
    out.insert(out.end(), ply.out.begin(), ply.out.end());
    if (on_move) on_move(pos, m);
  }
  if (out != r.eliminations)
    throw Error(cat({game_name(r), "the seats went out as ", elimination_text(out), ", the record says ",
                     elimination_text(r.eliminations)}));
  const four::Status status = four::game_status(pos);
  if (status.over()) {
    if (four_result_name(status.result) != r.result || reason_name(status.reason) != r.reason)
      throw Error(cat({game_name(r), "the final position ends ", four_result_name(status.result), " by ",
                       reason_name(status.reason), ", the record says ", r.result, " by ", r.reason}));
  } else if (r.reason == "flag" || r.reason == "no-moves" || r.reason == "no-capture-draw" ||
             r.reason == "max-plies" || r.reason == "no-movable-pieces") {
    throw Error(game_name(r) + "the record says " + r.reason + " but the final position is not over");
  }
  return pos;
}

}  // namespace junqi::runner
