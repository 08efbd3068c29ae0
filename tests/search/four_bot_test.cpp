// Four-seat bots: made from the 2-player bot configs by kind, a clear error for kinds that
// do not play four seats, and every bot's move legal over whole games.

#include "search/four_bot.h"

#include <gtest/gtest.h>

#include "engine/error.h"
#include "engine/four/game.h"
#include "engine/four/notation.h"

namespace junqi::search {
namespace {

using engine::Deployment;
using engine::Error;
using engine::Move;
using engine::Rules;
using namespace junqi::engine::four;

// Plays one game with the given bots in seats S, E, N, W; every move must be legal.
Status play(const std::array<FourBot*, kSeats>& bots, const Rules& rules, uint64_t seed, const Limits& limits) {
  std::array<Deployment, kSeats> deployments;
  for (int s = 0; s < kSeats; ++s) {
    bots[s]->new_game(Seat(s), rules, seed + uint64_t(s));
    deployments[s] = bots[s]->deploy();
  }
  FourGame game(rules, deployments);
  std::array<FourView, kSeats> views = {game.initial_view(0), game.initial_view(1), game.initial_view(2),
                                        game.initial_view(3)};
  while (!game.status().over()) {
    const int seat = game.current_player();
    const Move m = bots[seat]->choose_move(views[seat], limits);
    EXPECT_TRUE(game.is_legal(m)) << engine::four::move_string(m);
    if (!game.is_legal(m)) break;
    const Step step = game.apply(m);
    for (int s = 0; s < kSeats; ++s)
      for (const Token& t : step.seen[s]) views[s].apply(t);
  }
  return game.status();
}

Rules four_rules() {
  Rules r;
  r.set("kind", "four");
  return r;
}

TEST(FourBots, RandomBotsPlayWholeGames) {
  std::array<std::unique_ptr<FourBot>, kSeats> bots;
  for (auto& b : bots) b = make_four_bot(resolve_bot("random"));
  for (uint64_t seed = 1; seed <= 3; ++seed)
    EXPECT_TRUE(play({bots[0].get(), bots[1].get(), bots[2].get(), bots[3].get()}, four_rules(), seed, {}).over());
}

// A greedy team against a random team, seats alternated: every move legal, games end.
TEST(FourBots, GreedyBotsPlayWholeGames) {
  auto greedy_s = make_four_bot(resolve_bot("greedy")), greedy_n = make_four_bot(resolve_bot("greedy"));
  auto random_e = make_four_bot(resolve_bot("random")), random_w = make_four_bot(resolve_bot("random"));
  EXPECT_TRUE(play({greedy_s.get(), random_e.get(), greedy_n.get(), random_w.get()}, four_rules(), 7, {}).over());
  EXPECT_TRUE(play({random_e.get(), greedy_s.get(), random_w.get(), greedy_n.get()}, four_rules(), 8, {}).over());
}

// pimc with a small budget, partnered with greedy: legal moves to the end of the game.
TEST(FourBots, PimcBotsPlayWholeGames) {
  auto pimc = make_four_bot({"pimc", "pimc", {{"iterations", "40"}, {"worlds", "4"}}, "built-in", std::nullopt});
  auto greedy = make_four_bot(resolve_bot("greedy"));
  auto random_e = make_four_bot(resolve_bot("random")), random_w = make_four_bot(resolve_bot("random"));
  EXPECT_TRUE(play({pimc.get(), random_e.get(), greedy.get(), random_w.get()}, four_rules(), 9, {}).over());
  EXPECT_GT(pimc->last_info().iterations, 0);
}

// ismcts with a small budget, partnered with greedy: legal moves to the end of the game.
TEST(FourBots, IsmctsBotsPlayWholeGames) {
  auto ismcts = make_four_bot({"ismcts", "ismcts", {{"iterations", "60"}, {"worlds", "4"}}, "built-in", std::nullopt});
  auto greedy = make_four_bot(resolve_bot("greedy"));
  auto random_e = make_four_bot(resolve_bot("random")), random_w = make_four_bot(resolve_bot("random"));
  EXPECT_TRUE(play({random_e.get(), ismcts.get(), random_w.get(), greedy.get()}, four_rules(), 10, {}).over());
  EXPECT_EQ(ismcts->last_info().iterations, 60);
}

// The 2-player pimc config file serves four seats too (its 2-player settings are ignored).
TEST(FourBots, SharedConfigsMakeFourSeatBots) {
  EXPECT_NE(make_four_bot(resolve_bot("pimc")), nullptr);
  EXPECT_NE(make_four_bot(resolve_bot("greedy")), nullptr);
  for (const char* name : {"ismcts", "easy", "strongest"}) EXPECT_NE(make_four_bot(resolve_bot(name)), nullptr) << name;
}

TEST(FourBots, KindsThatDoNotPlayFourSeatsAreNamed) {
  try {
    make_four_bot(resolve_bot("heuristic"));
    FAIL() << "the heuristic bot was made for four seats";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("kind 'heuristic'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(make_four_bot({"nosuch", "nosuch", {}, "built-in", std::nullopt}), Error);
  EXPECT_THROW(make_four_bot({"random", "random", {{"depth", "3"}}, "built-in", std::nullopt}), Error);
}

}  // namespace
}  // namespace junqi::search
