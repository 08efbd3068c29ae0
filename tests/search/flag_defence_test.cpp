// Flag defence: positions from the bot's own view where the enemy takes our flag within
// two moves unless we answer now (an Engineer running the railway to dig the landmine in
// front of the flag, as in the games issue 13 lost to a one-ply heuristic bot). The moves
// that save the flag are derived by exhaustive look-ahead over the true position and over
// sampled determinizations of the view (tests/support/flag_threats.h), never from a bot.

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/notation.h"
#include "search/bot_config.h"
#include "search/flag_guard.h"
#include "search/sampler.h"
#include "tests/support/flag_threats.h"
#include "tests/support/random_game_views.h"

namespace {

using namespace junqi;
using namespace junqi::engine;
using testing_support::flag_saving_moves;
using testing_support::flag_threatened;

// A flag threat the view sees for what it is: the threat and the set of saving moves are
// the same in the true position and in every sampled determinization.
struct Threat {
  View view;
  std::vector<Move> saving;
  std::string jfen;  // the true position, for the failure message
};

// The enemy can reach a square from which it takes the flag, if we pass: a cheap filter
// before the exhaustive check.
bool enemy_next_to_flag_in_one(Position pos) {
  const Color enemy = ~pos.side_to_move();
  pos.set_side_to_move(enemy);
  MoveList list;
  generate(pos, list);
  for (const Move b : list) {
    Position after = pos;
    Position::Undo u;
    after.make(b, u);
    after.set_side_to_move(enemy);
    if (testing_support::takes_flag_now(after)) return true;
  }
  return false;
}

std::vector<Threat> find_threats(uint64_t seeds, size_t wanted) {
  std::vector<Threat> found;
  testing_support::for_each_random_game_view(seeds, 1, [&](const Position& truth, const View& view, const Deployment&,
                                                           Rng& rng) {
    if (found.size() >= wanted || !view.our_turn() || game_status(truth).over()) return;
    if (testing_support::takes_flag_now(const_cast<Position&>(truth))) return;  // no defence needed
    if (!enemy_next_to_flag_in_one(truth) || !flag_threatened(truth)) return;
    std::vector<Move> saving = flag_saving_moves(truth);
    MoveList legal;
    view.legal_moves(legal);
    if (saving.empty() || int(saving.size()) == legal.size) return;
    std::sort(saving.begin(), saving.end());
    const search::Belief belief(view);
    const search::Sampler sampler(belief, search::DeploymentPrior::uniform());
    if (!sampler.consistent()) return;
    Rng world_rng(rng.next());
    for (int w = 0; w < 12; ++w) {
      std::array<PieceType, search::Belief::kPieces> types;
      sampler.sample(world_rng, types);
      const Position world = search::determinize(view, belief, types);
      if (!flag_threatened(world)) return;
      std::vector<Move> s = flag_saving_moves(world);
      std::sort(s.begin(), s.end());
      if (s != saving) return;
    }
    found.push_back({view, saving, to_jfen(truth)});
  });
  return found;
}

// The look-ahead itself, on the full position of issue 13 (Red to move at ply 68): Blue's
// Engineer on b7 runs the a-file or the e-file and rank 2 to dig the landmine on d2 and
// takes the flag on d1 next. c3-d3 (a guard beside d2) saves the flag; a9-a8, which the
// search played, does not.
TEST(FlagDefence, TheIssuePositionIsAThreatThatAGuardAnswers) {
  const Position p = parse_jfen("lfcDC/yerl1/cm1y1/C1t2/4t/1e3/5/2Tc1/1BC2/1PP2/3L1/TRLFL r 2 68");
  EXPECT_TRUE(flag_threatened(p));
  const std::vector<Move> saving = flag_saving_moves(p);
  EXPECT_NE(std::find(saving.begin(), saving.end(), parse_move("c3-d3")), saving.end());
  EXPECT_EQ(std::find(saving.begin(), saving.end(), parse_move("a9-a8")), saving.end());
}

// Seeded random games hold threats the view sees for what they are; the tree-search bots
// must answer every one of them with a saving move (the one-ply bots and pimc do not).
class FlagDefence : public ::testing::TestWithParam<const char*> {};

TEST_P(FlagDefence, TheBotAnswersEveryThreatItCanSee) {
  static const std::vector<Threat> threats = find_threats(3000, 5);
  ASSERT_GE(threats.size(), 3u);
  for (size_t i = 0; i < threats.size(); ++i) {
    const Threat& t = threats[i];
    auto bot = search::make_bot(search::resolve_bot(GetParam()));
    bot->new_game(kRed, t.view.rules(), 11 + i);
    search::Limits limits;
    limits.iterations = 2000;
    const Move m = bot->choose_move(t.view, limits);
    std::string saving;
    for (const Move s : t.saving) saving.append(1, ' ').append(move_string(s));
    EXPECT_NE(std::find(t.saving.begin(), t.saving.end(), m), t.saving.end())
        << t.jfen << ": played " << move_string(m) << ", saving:" << saving;
  }
}

INSTANTIATE_TEST_SUITE_P(SearchingBots, FlagDefence, ::testing::Values("ismcts", "strongest"));

}  // namespace

namespace {

// The bot's own check on the issue position, Blue to move after each Red move: after
// a9-a8 the Engineer's run to d2 leaves Red no reply that keeps d1; after c3-d3 every
// such run is answered by d3xd2.
TEST(FlagGuard, SeesTheIssuePositionsThreat) {
  const Position start = parse_jfen("lfcDC/yerl1/cm1y1/C1t2/4t/1e3/5/2Tc1/1BC2/1PP2/3L1/TRLFL r 2 68");
  const Square flag = *parse_square("d1");
  for (const auto& [move, falls] : {std::pair{"a9-a8", true}, std::pair{"c3-d3", false}}) {
    Position pos = start;
    Position::Undo u;
    pos.make(parse_move(move), u);
    EXPECT_EQ(search::enemy_takes_flag_by_force(pos, flag), falls) << move;
  }
}

}  // namespace
