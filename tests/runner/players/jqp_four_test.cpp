// The four-player game over JQP, junqi's extension (docs/protocol.md), on the engine side:
// `junqi jqp` declaring it, answering a seat's position with a legal move on its own clock,
// and refusing it (or a bad position) for a bot that does not play it. Whole games between
// programs are in tests/runner/cli/four_cli_test.cpp.
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/deployment.h"
#include "engine/four/notation.h"
#include "engine/four/view.h"
#include "runner/protocols/jqp_engine.h"
#include "search/four_random_bot.h"
#include "search/random_bot.h"
#include "tests/support/jqp_programs.h"

namespace {

using namespace junqi;
using testing_support::words_of;

// The four-seat random bot, recording the limits of its last search.
class SeenFourBot final : public search::FourBot {
 public:
  explicit SeenFourBot(search::Limits* seen) : seen_(seen) {}
  void new_game(engine::four::Seat seat, const engine::Rules& rules, uint64_t seed) override {
    bot_.new_game(seat, rules, seed);
  }
  engine::Deployment deploy() override { return bot_.deploy(); }
  engine::Move choose_move(const engine::four::FourView& view, const search::Limits& limits) override {
    *seen_ = limits;
    return bot_.choose_move(view, limits);
  }

 private:
  search::FourRandomBot bot_;
  search::Limits* seen_;
};

struct Served {
  std::vector<std::string> out;
  std::string err;
};

Served serve(const std::string& input, search::Limits* seen) {
  std::istringstream in(input);
  std::ostringstream out, err;
  runner::JqpEngine("four", std::make_unique<search::RandomBot>(), in, out, err,
                    seen ? std::make_unique<SeenFourBot>(seen) : nullptr)
      .run();
  std::vector<std::string> lines;
  std::istringstream text(out.str());
  for (std::string l; std::getline(text, l);) lines.push_back(l);
  return {lines, err.str()};
}

TEST(JqpEngineFour, DeclaresFourSeatsAndAnswersAPositionOnItsOwnClock) {
  search::Limits seen;
  const std::string d(engine::kSampleDeployment);
  const Served s = serve("jqp\nrule kind four\nnewgame north\nisready\ndeploy time 1000\nposition north " + d +
                             " moves Sd6-Sd5 Ee4-Ed3\ngo southtime 9 southinc 9 northtime 5000 northinc 10\nquit\n",
                         &seen);
  ASSERT_EQ(s.out.size(), 8u) << s.err;
  EXPECT_EQ(s.out[2], "kinds dark open flip four");  // the 2-player random bot plays the flip game too
  EXPECT_EQ(s.out[5], "readyok");
  EXPECT_EQ(words_of(s.out[6]).at(0), "deployment");
  EXPECT_NO_THROW(engine::parse_legal_deployment(words_of(s.out[6]).at(1)));
  EXPECT_EQ(s.err, "");
  EXPECT_EQ(seen.time_left_ms, 5000);  // North's clock, not South's
  EXPECT_EQ(seen.increment_ms, 10);
  const std::vector<std::string> best = words_of(s.out[7]);
  ASSERT_EQ(best.size(), 2u);
  EXPECT_EQ(best[0], "bestmove");
  engine::Rules rules;
  rules.set("kind", "four");
  engine::four::FourView view(engine::four::kNorth, engine::parse_deployment(d), rules);
  for (const char* t : {"Sd6-Sd5", "Ee4-Ed3"}) view.apply(engine::four::parse_token(t));
  engine::four::MoveList legal;
  view.legal_moves(legal);
  const engine::Move m = engine::four::parse_move(best[1]);
  EXPECT_NE(std::find(legal.begin(), legal.end(), m), legal.end()) << best[1];
}

TEST(JqpEngineFour, RefusedByABotWithoutFourSeatsAndBadPositionsResign) {
  const Served refused = serve("jqp\nrule kind four\nnewgame south\nquit\n", nullptr);
  EXPECT_EQ(refused.out.at(2), "kinds dark open flip");
  EXPECT_NE(refused.err.find("jqp: ignored 'rule kind four': the bot 'four' does not play the four-player game"),
            std::string::npos)
      << refused.err;

  search::Limits seen;
  const Served bad = serve("rule kind four\nnewgame east\nposition red " + std::string(engine::kSampleDeployment) +
                               " moves\ngo\nposition east " + std::string(engine::kSampleDeployment) +
                               " moves Sd6xEa6\ngo\n",
                           &seen);
  EXPECT_EQ(bad.out, (std::vector<std::string>{"bestmove resign", "bestmove resign"}));
  EXPECT_NE(bad.err.find("bad side 'red' (expected south, east, north or west)"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("Sd6xEa6"), std::string::npos) << bad.err;
}

}  // namespace
