// The heuristic baseline: its fixed deployment, its one-ply choice, its determinism, and
// that it says it does not play the flip game.

#include <gtest/gtest.h>

#include "engine/game.h"
#include "engine/notation.h"
#include "search/bot_config.h"
#include "search/heuristic_bot.h"
#include "tests/support/flip_rules.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

std::unique_ptr<search::Bot> heuristic() { return search::make_bot(search::resolve_bot("heuristic")); }

TEST(HeuristicBot, DeploysItsFlagBehindMinesInABackHeadquarters) {
  auto bot = heuristic();
  bot->new_game(kRed, {}, 1);
  const Deployment d = bot->deploy();
  EXPECT_FALSE(deployment_error(d, kRed).has_value());
  EXPECT_FALSE(deployment_error(d, kBlue).has_value());
  // Slot 1 is own b1, a headquarters; 0, 2 and 6 are its left, right and front neighbours.
  EXPECT_EQ(d[1], kFlag);
  for (int slot : {0, 2, 6}) EXPECT_EQ(d[slot], kMine) << slot;
  // The same deployment whatever the seed: it is the shipped one.
  bot->new_game(kBlue, {}, 99);
  EXPECT_EQ(bot->deploy(), d);
  EXPECT_EQ(deployment_string(d), search::kHeuristicDeployment);
}

// Open game, ply 0: Red (the heuristic's deployment) faces the sample deployment, whose
// front rank seen from Red is a7 Company, c7 Platoon, e7 Engineer. Red's front rank holds
// a6 Marshal, c6 Division, e6 Engineer, each on a railway crossing. By the combat rules
// a6xa7 wins a Company (2), c6xc7 a Platoon (1.5), e6xe7 trades Engineers; no quiet move
// gains a whole link towards Blue's headquarters worth as much, so an aggressive table
// takes the Company.
TEST(HeuristicBot, TakesTheMostValuableWonFight) {
  Rules rules;
  rules.kind = GameKind::kOpen;
  auto bot = heuristic();
  bot->new_game(kRed, rules, 7);
  const Deployment blue = parse_legal_deployment(kSampleDeployment, kBlue);
  const Game game(rules, {bot->deploy(), blue});
  ASSERT_EQ(type_of(game.position().piece_on(*parse_square("a7"))), kCompany);
  ASSERT_EQ(type_of(game.position().piece_on(*parse_square("a6"))), kMarshal);
  EXPECT_EQ(move_string(bot->choose_move(game.initial_view(kRed), {})), "a6-a7");
}

// Plays a whole game against itself with seeds 3 and 4 and returns the moves.
std::vector<Move> self_play(const Rules& rules) {
  std::array<std::unique_ptr<search::Bot>, kColors> bots = {heuristic(), heuristic()};
  bots[kRed]->new_game(kRed, rules, 3);
  bots[kBlue]->new_game(kBlue, rules, 4);
  Game game(rules, {bots[kRed]->deploy(), bots[kBlue]->deploy()});
  std::array<View, kColors> views = {game.initial_view(kRed), game.initial_view(kBlue)};
  std::vector<Move> moves;
  while (!game.status().over() && moves.size() < 400) {
    const Color us = game.position().side_to_move();
    const Move m = bots[us]->choose_move(views[us], {});
    EXPECT_TRUE(game.is_legal(m)) << move_string(m);
    if (!game.is_legal(m)) break;
    moves.push_back(m);
    const Step step = game.apply(m);
    for (const Color c : {kRed, kBlue})
      for (const Token& t : step.seen[c]) views[c].apply(t);
  }
  return moves;
}

TEST(HeuristicBot, SameSeedSameGameInTheDarkAndOpenGames) {
  for (const GameKind kind : {GameKind::kDark, GameKind::kOpen}) {
    Rules rules;
    rules.kind = kind;
    const std::vector<Move> first = self_play(rules);
    EXPECT_GT(first.size(), 10u);
    EXPECT_EQ(self_play(rules), first);
  }
}

TEST(HeuristicBot, SaysItDoesNotPlayTheFlipGame) {
  auto bot = heuristic();
  EXPECT_FALSE(bot->plays_flip());
  const FlipView view(0, testing_support::flip_rules());
  EXPECT_THROW(bot->choose_flip_action(view, {}), Error);
}

TEST(HeuristicBot, ABadDeploymentParameterIsNamed) {
  search::BotConfig config{"h", "heuristic", {{"deployment", "LFLPC/PLCYE/E+R+Y/TB+BT/D+C+R/MGDPB"}}, "h.toml",
                           std::nullopt};
  try {
    search::make_bot(config);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("h.toml: deployment"), std::string::npos) << e.what();
  }
}

}  // namespace
