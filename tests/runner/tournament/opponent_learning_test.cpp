// A learning bot in a tournament pairing: its model of the opponent lasts across the
// pairing's games, and it holds exactly what the bot's own views showed: rebuilding each
// final view from the records (the engine's game replayed, each ply's tokens for the
// learner's side, as the referee passes them on) and learning from those gives the same
// counts.
#include <gtest/gtest.h>

#include "engine/game.h"
#include "engine/notation.h"
#include "runner/tournament/opponent_models.h"
#include "runner/tournament/tournament_runner.h"
#include "search/bot_config.h"
#include "search/heuristic_bot.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

search::BotConfig learner() {
  search::BotConfig c{
      "learner", "ismcts", {{"iterations", "30"}, {"learn_opponent", "1"}}, "test", std::nullopt};
  return c;
}

// `side`'s view at the end of a recorded game.
View final_view(const runner::GameRecord& r, Color side) {
  Game game(r.rules, {parse_legal_deployment(r.red_deployment, kRed),
                      parse_legal_deployment(r.blue_deployment, kBlue)});
  View view = game.initial_view(side);
  for (const runner::MoveRecord& m : r.moves) {
    const Step step = game.apply(m.move);
    for (const Token& t : step.seen[side]) view.apply(t);
  }
  return view;
}

TEST(OpponentLearning, ModelLastsAcrossThePairingAndHoldsOnlyTheViews) {
  runner::TournamentConfig config;
  config.players = {{"learner", "learner", std::nullopt, learner(), {}},
                    {"heuristic", "heuristic", std::nullopt, std::nullopt, {}}};
  config.time_control = runner::parse_time_control("iterations=30");
  runner::OpponentModels models;
  search::OpponentModel rebuilt;
  for (int i = 0; i < 3; ++i) {
    runner::ScheduledGame game;
    game.index = i;
    game.id = std::to_string(i + 1);
    game.players = i % 2 == 0 ? std::array<int, 2>{0, 1} : std::array<int, 2>{1, 0};
    game.imposed = false;  // each side deploys itself, as in an unpaired match
    game.seed = game.layout_seed = 11 + uint64_t(i);
    const runner::GameRecord record = runner::play_scheduled_game(config, game, &models);
    ASSERT_FALSE(record.moves.empty());
    rebuilt.learn(final_view(record, i % 2 == 0 ? kRed : kBlue));
  }
  const search::DeploymentCounts learned = models.of(0, 1)->seen();
  EXPECT_EQ(learned.deployments, 3);
  EXPECT_EQ(learned.count, rebuilt.seen().count);
  // What it learned is the heuristic's fixed deployment where it looked, not all of it.
  const Deployment heuristic = parse_legal_deployment(std::string(search::kHeuristicDeployment), kBlue);
  int64_t counted = 0;
  for (int slot = 0; slot < kDeploymentSlots; ++slot)
    for (int t = 0; t < kPieceTypes; ++t) {
      if (learned.count[slot][t]) {
        EXPECT_EQ(t, heuristic[slot]) << "slot " << slot;
      }
      counted += learned.count[slot][t];
    }
  EXPECT_GT(counted, 0);
  EXPECT_LT(counted, 3 * kPiecesPerSide);
  // The heuristic learns nothing (no learn_opponent), and the other pairing's model is empty.
  EXPECT_EQ(models.of(1, 0)->seen().deployments, 0);
}

}  // namespace
