// The referee in the flip game: what players see, records that name the colours the
// flips gave, replay, pairs that share a layout, and faults charged to the right colour.
#include <gtest/gtest.h>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/flip_game.h"
#include "engine/notation.h"
#include "runner/game/record.h"
#include "runner/game/referee.h"
#include "runner/game/replay.h"
#include "runner/players/bot_player.h"
#include "tests/support/error_text.h"

namespace {

using namespace junqi;
using namespace junqi::engine;
using testing_support::contains;
using testing_support::error_of;

// Plays uniformly random legal actions (or, when told, one fixed text at its first turn)
// and checks at every turn that its view holds no face-down identity: the public JFEN
// writes every face-down square `?`, never `*X`.
class FlipSpy final : public search::Bot {
 public:
  explicit FlipSpy(std::string first_answer = "") : first_answer_(std::move(first_answer)) {}
  void new_game(Color side, const Rules&, uint64_t seed) override {
    seat = int(side);
    rng_ = Rng(seed);
    turns = 0;
    histories.clear();
  }
  Deployment deploy() override { throw Error("the flip game has no deployments"); }
  Move choose_move(const View&, const search::Limits&) override { throw Error("not a dark game"); }
  bool plays_flip() const override { return true; }
  Move choose_flip_action(const FlipView& view, const search::Limits&) override {
    EXPECT_EQ(view.player(), seat);
    EXPECT_TRUE(view.our_turn());
    EXPECT_EQ(view.jfen().find('*'), std::string::npos) << view.jfen();
    histories.push_back(view.history());
    ++turns;
    if (!first_answer_.empty()) return parse_move(first_answer_);
    MoveList legal;
    view.legal_moves(legal);
    return legal[int(rng_.below(uint64_t(legal.size)))];
  }

  int seat = -1, turns = 0;
  std::vector<std::vector<Token>> histories;

 private:
  std::string first_answer_;
  Rng rng_{1};
};

runner::GameSetup flip_setup(uint64_t seed) {
  runner::GameSetup setup;
  setup.seed = seed;
  setup.rules.set("kind", "flip");
  setup.time_control = runner::parse_time_control("iterations=1");
  return setup;
}

struct Table {
  FlipSpy* spies[2];
  runner::BotPlayer first, second;
  explicit Table(std::string first_answer = "")
      : first("first", spy(0, std::move(first_answer))), second("second", spy(1, "")) {}
  std::unique_ptr<search::Bot> spy(int i, std::string answer) {
    auto s = std::make_unique<FlipSpy>(std::move(answer));
    spies[i] = s.get();
    return s;
  }
};

TEST(FlipReferee, PlaysAGameThatReplaysAndNamesTheColoursTheFlipsGave) {
  int first_was_blue = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    Table t;
    const runner::GameRecord r = runner::play_game(t.first, t.second, flip_setup(seed));
    ASSERT_FALSE(r.layout.empty());
    ASSERT_FALSE(r.moves.empty());
    EXPECT_TRUE(r.red_deployment.empty() && r.blue_deployment.empty());
    // The record survives its own JSON, and the replay from its layout agrees.
    const runner::GameRecord back = runner::parse_record(runner::to_json_line(r));
    EXPECT_EQ(runner::to_json_line(back), runner::to_json_line(r));
    const FlipPosition final = runner::replay_flip(back);
    // Names by colour: the replay says which colour the first seat played.
    const Color first = final.colours_assigned() ? final.player_colour(0) : kRed;
    EXPECT_EQ(r.first_colour, first);
    EXPECT_EQ(first == kRed ? r.red : r.blue, "first") << r.layout;
    EXPECT_EQ(r.players(), (std::vector<std::string>{"first", "second"}));
    first_was_blue += first == kBlue;
    // Both seats saw the same public history, token for token.
    const auto& a = t.spies[0]->histories, &b = t.spies[1]->histories;
    ASSERT_FALSE(a.empty());
    ASSERT_FALSE(b.empty());
    const auto& longer = a.back().size() > b.back().size() ? a.back() : b.back();
    const auto& shorter = a.back().size() > b.back().size() ? b.back() : a.back();
    EXPECT_TRUE(std::equal(shorter.begin(), shorter.end(), longer.begin()));
    // A flip's record names the piece the layout held there.
    const FlipPosition layout = parse_flip_jfen(r.layout, r.rules);
    for (const runner::MoveRecord& m : r.moves)
      if (is_flip(m.move)) {
        EXPECT_EQ(m.turned_up, layout.board().piece_on(from_sq(m.move)));
        break;
      }
  }
  // Which colour the first seat gets depends on the layout: over 12 games both happen.
  EXPECT_GT(first_was_blue, 0);
  EXPECT_LT(first_was_blue, 12);
}

TEST(FlipReferee, GamesOfOnePairShareTheLayout) {
  runner::GameSetup a = flip_setup(1), b = flip_setup(2);
  a.layout_seed = b.layout_seed = 77;
  Table x, y;
  EXPECT_EQ(runner::play_game(x.first, x.second, a).layout, runner::play_game(y.first, y.second, b).layout);
  Table z;
  EXPECT_NE(runner::play_game(z.first, z.second, flip_setup(1)).layout, runner::play_game(x.first, x.second, a).layout);
}

TEST(FlipReferee, AMoveBeforeTheColoursAreGivenLosesForTheFirstSeat) {
  // No piece is face up before the first flip, so any move is illegal; colours are not
  // assigned yet, and the first seat counts as Red.
  Table t("a6-a7");
  const runner::GameRecord r = runner::play_game(t.first, t.second, flip_setup(3));
  EXPECT_EQ(r.reason, "illegal-move");
  EXPECT_EQ(r.result, "0-1");
  EXPECT_EQ(r.red, "first");
  EXPECT_TRUE(r.moves.empty());
  EXPECT_NO_THROW(runner::replay_flip(r));
}

// A bot of the dark game only (Bot's default plays_flip).
class DarkOnlyBot final : public search::Bot {
 public:
  void new_game(Color, const Rules&, uint64_t) override {}
  Deployment deploy() override { return parse_legal_deployment(kSampleDeployment); }
  Move choose_move(const View&, const search::Limits&) override { return kNullMove; }
};

TEST(FlipReferee, RefusesAPlayerThatDoesNotPlayIt) {
  runner::BotPlayer dark("dark", std::make_unique<DarkOnlyBot>());
  Table t;
  EXPECT_PRED2(contains, error_of([&] { runner::play_game(t.first, dark, flip_setup(1)); }),
               "player 'dark' does not play the flip game");
}

TEST(FlipReplay, RefusesARecordWhoseFlipTurnedUpAnotherPiece) {
  Table t;
  runner::GameRecord r = runner::play_game(t.first, t.second, flip_setup(5));
  ASSERT_TRUE(is_flip(r.moves[0].move));
  const Piece truth = r.moves[0].turned_up;
  r.moves[0].turned_up = truth == make_piece(kRed, kMine) ? make_piece(kBlue, kMine) : make_piece(kRed, kMine);
  EXPECT_PRED2(contains, error_of([&] { runner::replay_flip(r); }), std::string("ply 1 (") + move_text(r.moves[0]));
  r.moves[0].turned_up = truth;
  r.first_colour = ~r.first_colour;
  EXPECT_PRED2(contains, error_of([&] { runner::replay_flip(r); }), "the first player played");
}

}  // namespace
