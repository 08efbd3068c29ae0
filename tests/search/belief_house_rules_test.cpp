// What the house rules of RULES.md §9 change in what an observed move or fight proves:
// positions worked out by hand, the belief's types for the piece that moved or fought,
// and sampled worlds that replay exactly as the view saw the game.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "engine/deployment.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "search/belief.h"
#include "search/sampler.h"
#include "tests/support/replay_world.h"

namespace {

using namespace junqi;
using namespace junqi::engine;
using search::Belief;
using search::Sampler;
using search::type_bit;
using search::TypeMask;

Rules with(std::initializer_list<std::pair<const char*, const char*>> options) {
  Rules r;
  for (const auto& [key, value] : options) r.set(key, value);
  return r;
}

Square sq(const char* name) { return *parse_square(name); }

TypeMask mask_of(std::initializer_list<PieceType> types) {
  TypeMask m = 0;
  for (PieceType t : types) m |= type_bit(t);
  return m;
}

// Every type that moves: all but the Landmine and the Flag.
constexpr TypeMask kMovers = TypeMask(search::kAllTypes & ~(type_bit(kMine) | type_bit(kFlag)));

// Samples worlds for the belief; every one must replay as the view saw the game, and the
// types drawn for enemy piece `id` must be exactly `expected` (each drawn at least once).
void expect_samples(const View& view, const Belief& belief, int id, TypeMask expected) {
  const Sampler sampler(belief, search::DeploymentPrior::uniform());
  ASSERT_TRUE(sampler.consistent());
  Rng rng(7);
  std::array<PieceType, Sampler::kPieces> types;
  TypeMask drawn = 0;
  for (int i = 0; i < 3000; ++i) {
    sampler.sample(rng, types);
    drawn |= type_bit(types[id]);
    ASSERT_TRUE(testing_support::replays_as_seen(view, types)) << "sample " << i;
  }
  EXPECT_EQ(drawn, expected);
}

// Blue's sample deployment with a piece of type `t` on a8 (swapped with one from elsewhere).
Deployment blue_with_on_a8(PieceType t) {
  Deployment d = parse_legal_deployment(kSampleDeployment, kBlue);
  int a8 = 0, other = 0;
  while (deployment_square(kBlue, a8) != sq("a8")) ++a8;
  while (d[other] != t || other == a8) ++other;
  if (d[a8] != t) std::swap(d[a8], d[other]);
  return d;
}

// Red opens a6 and goes back and forth; Blue's a7 steps down to a6, b7 steps into the camp
// b8, and the piece on a8 runs a8-a7-b7: a turn of the railway, no step (a8 and b7 are not
// linked) and no straight run (a8's runs go a7, a6 and stop at Blue's own a9). So only a
// piece the rules let turn can have made it.
TEST(BeliefHouseRules, ATurningRunNarrowsToThePiecesThatTurn) {
  struct Case {
    Rules rules;
    PieceType runner;   // what truly stands on a8
    TypeMask possible;  // what the run proves, worked out from the options
  };
  const std::vector<Case> cases = {
      {{}, kEngineer, mask_of({kEngineer})},
      {with({{"bomb_flies", "true"}}), kBomb, mask_of({kEngineer, kBomb})},
      {with({{"bomb_flies", "true"}}), kEngineer, mask_of({kEngineer, kBomb})},
      {with({{"bomb_flies", "true"}, {"engineer_turns", "false"}}), kBomb, mask_of({kBomb})},
      // Under all_turn the run proves nothing beyond "it moves" (a8 holds no mine, no flag).
      {with({{"all_turn", "true"}}), kRegiment, kMovers},
      {with({{"all_turn", "true"}, {"engineer_turns", "false"}}), kEngineer, kMovers},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(testing::PrintToString(c.rules.entries()));
    const Deployment red = parse_legal_deployment(kSampleDeployment), blue = blue_with_on_a8(c.runner);
    Game game(c.rules, {red, blue});
    View view = game.initial_view(kRed);
    for (const char* text : {"a6-b5", "a7-a6", "e6-d5", "b7-b8", "d5-e6", "a8-b7"}) {
      const Move m = parse_move(text);
      ASSERT_TRUE(game.is_legal(m)) << text;
      const Step step = game.apply(m);
      for (const Token& t : step.seen[kRed]) view.apply(t);
    }
    const Belief belief(view);
    const int runner = belief.piece_at(sq("b7"));
    ASSERT_GE(runner, 0);
    EXPECT_EQ(belief.pieces()[runner].possible, c.possible);
    expect_samples(view, belief, runner, c.possible);
  }
}

// Red's Marshal on a6 clears file a (a7 to a10, each fight won), steps into the camp b10,
// and the Engineer on a5 runs the empty file to attack a11; both die. An Engineer dies
// with another Engineer or a Bomb, and beats a Landmine unless mine = all-die, when the
// mine takes it along. a11 is in Blue's second rank: a Landmine may stand there.
TEST(BeliefHouseRules, AnEngineerDyingOnAPieceMayHaveHitAMineUnderAllDie) {
  const Deployment red = parse_legal_deployment("LFLPE/CLBYE/T+R+C/DP+YB/E+G+T/MRPDC");
  const std::vector<std::pair<Rules, TypeMask>> cases = {
      {{}, mask_of({kEngineer, kBomb})},
      {with({{"mine", "both-die"}}), mask_of({kEngineer, kBomb})},
      {with({{"mine", "all-die"}}), mask_of({kEngineer, kBomb, kMine})},
  };
  for (const auto& [rules, possible] : cases) {
    SCOPED_TRACE(testing::PrintToString(rules.entries()));
    View view(kRed, red, rules);
    for (const char* text : {"a6xa7>", "b7-b8", "a7xa8>", "d7-d8", "a8xa9>", "e9-d10", "a9xa10>", "c8-c9",
                             "a10-b10", "d8-d7", "a5xa11="})
      view.apply(parse_token(text));
    const Belief belief(view);
    int hit = 0;
    while (belief.pieces()[hit].start != sq("a11")) ++hit;
    EXPECT_EQ(belief.pieces()[hit].square, kNoSquare);
    EXPECT_EQ(belief.pieces()[hit].possible, possible);
    expect_samples(view, belief, hit, possible);
  }
}

}  // namespace
