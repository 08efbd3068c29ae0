// ISMCTS and the bots built on it: budgets, determinism, threads, an obvious win, and
// bot configs.
#include <gtest/gtest.h>

#include "engine/error.h"
#include "engine/notation.h"
#include "engine/playout.h"
#include "search/bot_config.h"
#include "search/ismcts.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

struct Searched {
  View view;
  search::Belief belief;
  search::Sampler sampler;
  explicit Searched(View v)
      : view(std::move(v)), belief(view), sampler(belief, search::DeploymentPrior::uniform()) {}
  search::SearchResult run(int threads, int64_t iterations, uint64_t seed) const {
    search::IsmctsParams params;
    params.threads = threads;
    return search::ismcts_search(view, sampler, belief, eval::find_weights("default"), params, iterations, 0, seed);
  }
};

View red_view(uint64_t seed, int plies) {
  Rng rng(seed);
  return random_view(rng, plies, kRed);
}

TEST(Ismcts, SpendsExactlyTheIterationBudgetAndPlaysALegalMove) {
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const Searched s(red_view(seed, 40));
    ASSERT_TRUE(s.view.our_turn());
    for (int threads : {1, 2}) {
      const auto r = s.run(threads, 600, 9);
      EXPECT_EQ(r.iterations, 600);
      MoveList legal;
      s.view.legal_moves(legal);
      EXPECT_NE(std::find(legal.begin(), legal.end(), r.best), legal.end());
      // An iteration passes at most one root child (none when a disguised world of the
      // enemy's perspective leaves none of our grown moves possible).
      int64_t visits = 0;
      for (const auto& child : r.root) visits += child.visits;
      EXPECT_LE(visits, 600);
    }
  }
}

TEST(Ismcts, SameSeedSameSearch) {
  const Searched s(red_view(3, 60));
  const auto a = s.run(1, 500, 42), b = s.run(1, 500, 42);
  EXPECT_EQ(a.best, b.best);
  ASSERT_EQ(a.root.size(), b.root.size());
  for (size_t i = 0; i < a.root.size(); ++i) EXPECT_EQ(a.root[i].visits, b.root[i].visits);
}

// Random games until Red, to move, can take Blue's flag, revealed when Blue's Field
// Marshal died: the search must take it (it wins at once in every determinization).
TEST(Ismcts, TakesARevealedFlag) {
  int found = 0;
  for (uint64_t seed = 1; seed <= 3000 && found < 3; ++seed) {
    for (int plies = 60; plies <= 300; plies += 30) {
      View view = red_view(seed, plies);
      if (!view.our_turn()) continue;
      const Bitboard64 flag = view.board().pieces(kBlue, kFlag);
      if (!flag) continue;
      MoveList legal;
      view.legal_moves(legal);
      const bool can_take = std::any_of(legal.begin(), legal.end(), [&](Move m) { return to_sq(m) == lsb(flag); });
      if (!can_take || legal.size < 2) continue;
      const Searched s(std::move(view));
      EXPECT_EQ(to_sq(s.run(1, 2000, 1).best), lsb(flag)) << to_jfen(s.view.board());
      ++found;
      break;
    }
  }
  EXPECT_GT(found, 0);
}

TEST(BotConfig, ShippedBotsLoadAndUnknownParametersAreNamed) {
  for (const char* name : {"random", "greedy", "pimc", "ismcts", "strongest"})
    EXPECT_NO_THROW(search::make_bot(search::resolve_bot(name))) << name;
  search::BotConfig config{"x", "ismcts", {{"explorashun", "1"}}, "x.toml", std::nullopt};
  try {
    search::make_bot(config);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("explorashun"), std::string::npos) << e.what();
  }
  config.params = {{"threads", "zero"}};
  EXPECT_THROW(search::make_bot(config), Error);
  EXPECT_THROW(search::make_bot(search::resolve_bot("no-such-bot")), Error);
}

}  // namespace
