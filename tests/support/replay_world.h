#pragma once
// Whether a sampled world fits a view: the test of a belief and a sampler that needs no
// reasoning of theirs, only the referee's rules.

#include <array>
#include <vector>

#include "engine/deployment.h"
#include "engine/game.h"
#include "engine/view.h"

namespace junqi::testing_support {

// The enemy's deployment that gives its pieces these types, by identity (Belief's
// numbering: deployment-slot order, camps skipped).
inline engine::Deployment deployment_of(const std::array<engine::PieceType, engine::kPiecesPerSide>& types) {
  engine::Deployment d{};
  for (int slot = 0, id = 0; slot < engine::kDeploymentSlots; ++slot)
    d[slot] = engine::is_camp_slot(slot) ? engine::kNoType : types[id++];
  return d;
}

// Whether the real game from the view's own deployment and an enemy deployment of these
// types shows the viewer its moves as seen: a legal deployment, every move legal when it
// came (the game not yet over), every fight ending as seen. Reveals are not compared: the
// belief reads a revealed piece's identity but not what the reveal says of the fight
// before it (the Flag shown after a fight means the enemy Marshal died in it).
inline bool replays_as_seen(const engine::View& view,
                            const std::array<engine::PieceType, engine::kPiecesPerSide>& enemy_types) {
  using namespace junqi::engine;
  const Color us = view.side();
  const Deployment enemy = deployment_of(enemy_types);
  if (deployment_error(enemy, ~us)) return false;
  std::array<Deployment, kColors> deployments;
  deployments[us] = view.own_deployment();
  deployments[~us] = enemy;
  Game game(view.rules(), deployments);
  std::vector<Token> seen;
  for (const Token& t : view.history()) {
    if (t.kind != Token::Kind::kMove) continue;
    if (game.status().over() || !game.is_legal(t.move)) return false;
    const Step step = game.apply(t.move);
    for (const Token& shown : step.seen[us])
      if (shown.kind == Token::Kind::kMove) seen.push_back(shown);
  }
  std::vector<Token> moves;
  for (const Token& t : view.history())
    if (t.kind == Token::Kind::kMove) moves.push_back(t);
  return seen == moves;
}

}  // namespace junqi::testing_support
