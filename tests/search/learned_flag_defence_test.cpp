// A flag lost to the heuristic bot that knowing its deployment saves: game 100 of
// `junqi match --red hard --blue heuristic --games 100 --seed 7` (before opponent
// learning). Red's Engineer, deployed on e2, ran the e-file railway to e9 and stepped into
// the camp d10 in front of Blue's landmine d11 and flag d12 (ply 67); Blue played c9-b9,
// the Engineer dug d11 and took the flag. From Blue's own view at ply 68, with the prior
// the opponent model learns from Blue's final views of such games (which saw the Engineer
// take the flag), the flag guard must play a move that saves the flag; the saving moves are
// derived by exhaustive look-ahead over the true position (tests/support/flag_threats.h).

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/game.h"
#include "engine/notation.h"
#include "runner/game/game_text.h"
#include "search/belief.h"
#include "search/flag_guard.h"
#include "search/opponent_model.h"
#include "search/sampler.h"
#include "tests/support/flag_threats.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

constexpr const char* kGame = R"([Id "100"]
[Kind "dark"]
[Red "heuristic"]
[Blue "hard"]
[Result "1-0"]
[Reason "flag"]
[RedDeployment "LFLPC/PLCYE/E+R+Y/TB+BT/D+C+R/MGDPE"]
[BlueDeployment "LFLEC/PLYDT/G+R+Y/PB+RB/C+E+M/ECPTD"]

1. a6xa7>(Md) a8xa7=(mM) 2. c6xc7>(Dp) a9-b10 3. c7xb7>(Dt) e7-d8 4. b7xd7>(Dc)
e8-e7 5. d7xe7>(Dc) e9-d10 6. a5xa10>(Dy) e10xe7>(gD) 7. a4-a9 b10xa10=(bD)
8. a3-a8 e7xe6>(gE) 9. a2-a7 e6xd6>(gP) 10. e5-e9 d6xb6=(gG) 11. e9xd9=(Rb)
e11-e6 12. e4xe6>(Tp) b9xa9>(rT) 13. e6-e11 a9xa8>(rE) 14. e3-e10 a8xa7>(rP)
15. e2-e9 a7-a8 16. c3-c4 a8-a2 17. c2-c3 a2-b3 18. e1-e2 a11-a2 19. e2-e8
c10-b10 20. c4-d5 d8-c7 21. c3-c4 c7xd2<(eY) 22. d2-d3 b11-a11 23. d5-e6 a11-a3
24. c5-c6 b10-a10 25. c4-c5 a10-a4 26. c6-c7 c8-b8 27. c7-d8 b8-a7 28. d3-e4
c11-a11 29. e4-e5 a7-a6 30. e6xa6>(Re) a11-a7 31. a6xa7>(Ry) d10-c9
32. a7xa4=(Rr) a12-a11 33. e5-e7 a11-a4 34. e9-d10 c9-b9 35. d10xd11>(El) b3-c2
36. d11xd12>(Ef)
1-0
)";

TEST(LearnedFlagDefence, KnowingTheEngineersSlotSavesTheFlag) {
  const runner::GameRecord record = runner::parse_game_text(kGame, "game 100").at(0);
  Game game(record.rules, {parse_legal_deployment(record.red_deployment, kRed),
                           parse_legal_deployment(record.blue_deployment, kBlue)});
  View view = game.initial_view(kBlue), at_68 = view;
  Position truth_68 = game.position();
  for (size_t ply = 0; ply < record.moves.size(); ++ply) {
    const Step step = game.apply(record.moves[ply].move);
    for (const Token& t : step.seen[kBlue]) view.apply(t);
    if (ply + 1 == 67) {
      at_68 = view;
      truth_68 = game.position();
    }
  }
  ASSERT_TRUE(at_68.our_turn());
  // The threat is real, Blue's c9-b9 does not meet it, and some move does.
  ASSERT_TRUE(testing_support::flag_threatened(truth_68));
  std::vector<Move> saving = testing_support::flag_saving_moves(truth_68);
  ASSERT_FALSE(saving.empty());
  EXPECT_EQ(std::find(saving.begin(), saving.end(), parse_move("c9-b9")), saving.end());

  // The heuristic deploys alike every game: three games that each ended as this one did.
  // Blue's final view saw the Engineer from e2 take the flag, so with e2's 11 allowed
  // types and the uniform base at 2 games, P(Engineer on e2) = (3 + 2/11) / (3 + 2).
  search::OpponentModel model;
  for (int game_seen = 0; game_seen < 3; ++game_seen) model.learn(view);
  const search::DeploymentPrior prior = model.prior(search::DeploymentPrior::uniform(), 2.0);
  EXPECT_DOUBLE_EQ(prior.weight[deployment_slot(kRed, *parse_square("e2"))][kEngineer], (3 + 2.0 / 11) / 5);

  const search::Belief belief(at_68);
  const search::Sampler sampler(belief, prior);
  ASSERT_TRUE(sampler.consistent());
  MoveList legal;
  at_68.legal_moves(legal);
  std::vector<Move> ranked{parse_move("c9-b9")};  // the search's choice first, then the rest
  for (const Move m : legal)
    if (m != ranked[0]) ranked.push_back(m);
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    Rng rng(seed);
    const Move chosen = search::guard_flag(at_68, belief, sampler, rng, ranked);
    EXPECT_NE(std::find(saving.begin(), saving.end(), chosen), saving.end())
        << "seed " << seed << ": " << move_string(chosen) << " loses the flag";
  }
}

}  // namespace
