#include "engine/four/game.h"

#include <string>

#include "engine/error.h"
#include "engine/four/deployment.h"

namespace junqi::engine::four {
namespace {

std::array<Deployment, kSeats> checked(const Rules& rules, const std::array<Deployment, kSeats>& deployments) {
  if (rules.kind != GameKind::kFour) throw Error("FourGame: the rules' kind must be four");
  for (int s = 0; s < kSeats; ++s)
    if (const auto error = deployment_error(deployments[s]))
      throw Error("deployment of seat " + std::string(1, seat_letter(Seat(s))) + " '" +
                  deployment_string(deployments[s]) + "': " + *error);
  return deployments;
}

// Whether a seat that left the board with these pieces had one that could ever move again
// (RULES.md §9 `immobile`): if not, it went out under immobile = at-once.
bool had_movable_piece(const Position::Undo& u, Seat s, const Rules& rules) {
  for (int i = 0; i < u.removed_count; ++i) {
    const auto& [square, piece] = u.removed[i];
    const PieceType t = type_of(piece);
    if (seat_of(piece) == s && t != kFlag && t != kMine && (rules.hq_exit || !Board::kT.headquarters.has(square)))
      return true;
  }
  return false;
}

}  // namespace

FourGame::FourGame(const Rules& rules, const std::array<Deployment, kSeats>& deployments)
    : position_(start_position(checked(rules, deployments), rules)), deployments_(deployments) {}

FourView FourGame::initial_view(int seat) const {
  FourView view(Seat(seat), deployments_[seat], rules());
  if (rules().four_allies_visible)
    for (Bitboard ally = position_.pieces(ally_of(Seat(seat))); ally;) {
      const Square s = pop_lsb(ally);
      view.apply(Token::of_reveal(position_.piece_on(s), s));
    }
  return view;
}

Step FourGame::apply(Move m) {
  Step step;
  step.move = m;
  step.attacker = position_.piece_on(from_sq(m));
  step.defender = position_.piece_on(to_sq(m));
  Position::Undo undo;
  step.outcome = position_.make(m, undo);
  if (step.outcome == Outcome::kQuiet) step.attacker = step.defender = kNoPiece;
  auto to_all = [&](const Token& t) {
    for (Observation& seen : step.seen) seen.push_back(t);
  };
  to_all(Token::of_move(m, step.outcome));

  if (step.outcome != Outcome::kQuiet) {
    const bool attacker_died = step.outcome != Outcome::kAttackerWins;
    const bool defender_died = step.outcome != Outcome::kDefenderWins;
    if (rules().marshal_death_reveals_flag)
      for (const auto& [piece, died] : {std::pair{step.attacker, attacker_died}, std::pair{step.defender, defender_died}})
        if (died && type_of(piece) == kMarshal && position_.in_game(seat_of(piece))) {
          const Seat owner = seat_of(piece);
          to_all(Token::of_reveal(make_piece(owner, kFlag), lsb(position_.pieces(owner, kFlag))));
        }
    if (rules().engineer_scout && type_of(step.attacker) == kEngineer && step.outcome == Outcome::kDefenderWins)
      step.seen[seat_of(step.attacker)].push_back(Token::of_reveal(step.defender, to_sq(m)));
  }

  // Who went out, in order: a seat whose Flag was taken first (make() puts it out before
  // anything else), then the seats whose pieces left the board, in the order they left.
  if (step.defender != kNoPiece && type_of(step.defender) == kFlag)
    step.out.push_back({seat_of(step.defender), EndReason::kFlag});
  for (int i = 0; i < undo.removed_count; ++i) {
    const Seat s = seat_of(undo.removed[i].piece);
    bool listed = false;
    for (const auto& [seat, why] : step.out) listed |= seat == s;
    if (listed) continue;
    const bool immobile = rules().immobile == Immobile::kAtOnce && !had_movable_piece(undo, s, rules());
    step.out.push_back({s, immobile ? EndReason::kNoMovablePieces : EndReason::kNoMoves});
  }
  for (const auto& [seat, why] : step.out) to_all(Token::of_out(seat, why));
  return step;
}

}  // namespace junqi::engine::four
