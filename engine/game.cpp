#include "engine/game.h"

#include "engine/error.h"

namespace junqi::engine {

Game::Game(const Rules& rules, const std::array<Deployment, kColors>& deployments)
    : position_(start_position(deployments[kRed], deployments[kBlue], rules)), deployments_(deployments) {
  check_two_player_kind(rules);
  if (rules.kind == GameKind::kFlip) throw Error("rule kind: the flip game has no deployments (FlipGame plays it)");
}

View Game::initial_view(int player) const {
  const Color me = Color(player);
  View view(me, deployments_[player], rules());
  if (rules().kind == GameKind::kOpen)  // open games: every enemy piece shown up front
    for (int s = 0; s < TwoPlayerBoard::kSquares; ++s) {
      const Piece p = position_.piece_on(Square(s));
      if (p != kNoPiece && color_of(p) != me) view.apply(Token::of_reveal(p, Square(s)));
    }
  return view;
}

Step Game::apply(Move m) {
  Step step;
  step.move = m;
  step.attacker = position_.piece_on(from_sq(m));
  step.defender = position_.piece_on(to_sq(m));
  Position::Undo undo;
  step.outcome = position_.make(m, undo);
  if (step.outcome == Outcome::kQuiet) step.attacker = step.defender = kNoPiece;
  for (Observation& seen : step.seen) seen.push_back(Token::of_move(m, step.outcome));
  if (step.outcome != Outcome::kQuiet) reveal_after_fight(step);
  return step;
}

// What the rules show because of a fight (RULES.md §5 and the reveal options of §9).
void Game::reveal_after_fight(Step& step) const {
  const bool attacker_died = step.outcome != Outcome::kAttackerWins;
  const bool defender_died = step.outcome != Outcome::kDefenderWins;
  // A dead Field Marshal shows its side's flag to everyone.
  if (rules().marshal_death_reveals_flag)
    for (const auto& [piece, died] : {std::pair{step.attacker, attacker_died}, std::pair{step.defender, defender_died}})
      if (died && type_of(piece) == kMarshal && position_.has_flag(color_of(piece))) {
        const Color owner = color_of(piece);
        const Token flag = Token::of_reveal(make_piece(owner, kFlag), lsb(position_.pieces(owner, kFlag)));
        for (Observation& seen : step.seen) seen.push_back(flag);
      }
  // engineer_scout: an Engineer that dies attacking shows its side the defender, which
  // still stands on the square to be named.
  if (rules().engineer_scout && type_of(step.attacker) == kEngineer && step.outcome == Outcome::kDefenderWins)
    step.seen[color_of(step.attacker)].push_back(Token::of_reveal(step.defender, to_sq(step.move)));
}

}  // namespace junqi::engine
