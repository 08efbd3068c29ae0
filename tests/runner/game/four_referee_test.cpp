// The referee of the four-player game: each seat is asked with its own FourView only (its
// seat, every move with its fight's outcome, no identity it may not see), the record
// replays to the same end, partners' pieces are shown only under four_allies_visible, and
// a seat's fault (a move onto its partner's piece, a move in the wrong notation) loses the
// game for its team.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/four/notation.h"
#include "engine/four/view.h"
#include "engine/random.h"
#include "runner/game/four_record.h"
#include "runner/game/four_replay.h"
#include "runner/game/referee.h"
#include "runner/players/bot_player.h"
#include "search/bot_config.h"
#include "tests/support/error_text.h"

namespace junqi::runner {
namespace {

namespace four = engine::four;
using testing_support::error_of;

// Plays uniformly random legal moves (or, when told, one fixed text at its first turn) and
// keeps what it was shown at each turn.
class FourSpy final : public search::FourBotBase {
 public:
  explicit FourSpy(std::string first_answer = "") : first_answer_(std::move(first_answer)) {}
  engine::Move choose_move(const four::FourView& view, const search::Limits&) override {
    EXPECT_EQ(view.seat(), seat_);
    EXPECT_TRUE(view.our_turn());
    views.push_back(view);
    if (!first_answer_.empty()) return four::parse_move(first_answer_);
    four::MoveList legal;
    view.legal_moves(legal);
    return legal[int(rng_.below(uint64_t(legal.size)))];
  }
  std::vector<four::FourView> views;

 private:
  std::string first_answer_;
};

// A seat that answers its first move with a fixed text, as a program could.
class TextSeat final : public Player {
 public:
  explicit TextSeat(std::string text) : text_(std::move(text)) {}
  std::string name() const override { return "text"; }
  Answer<bool> new_game(engine::Color, const engine::Rules&, uint64_t, Deadline) override { return answer(true); }
  bool plays_four() const override { return true; }
  Answer<bool> new_four_game(int, const engine::Rules&, uint64_t, Deadline) override { return answer(true); }
  Answer<std::string> deploy(Deadline) override { return answer(std::string(engine::kSampleDeployment)); }
  Answer<bool> setup(const engine::Deployment&, Deadline) override { return answer(true); }
  Answer<MoveAnswer> go(const engine::View&, const search::Limits&, Deadline) override {
    return failure<MoveAnswer>(Fault::kProtocol, "not a four-player game");
  }
  Answer<MoveAnswer> go_four(const four::FourView&, const search::Limits&, Deadline) override {
    return answer(MoveAnswer{text_, {}});
  }
  void game_over(const std::string&, const std::string&) override {}

 private:
  std::string text_;
};

struct Table {
  std::array<FourSpy*, kFourSeats> spies{};
  std::array<std::unique_ptr<Player>, kFourSeats> players;
  std::array<Player*, kFourSeats> seats{};
};

Table table(const std::string& south_first_answer = "") {
  Table t;
  for (int s = 0; s < kFourSeats; ++s) {
    auto spy = std::make_unique<FourSpy>(s == 0 ? south_first_answer : "");
    t.spies[s] = spy.get();
    t.players[s] = std::make_unique<BotPlayer>(std::string("spy-") + four_seat_letter(s),
                                               search::make_bot(search::resolve_bot("random")),
                                               std::map<std::string, std::string>{}, std::move(spy));
    t.seats[s] = t.players[s].get();
  }
  return t;
}

GameSetup four_setup(uint64_t seed) {
  GameSetup setup;
  setup.id = std::to_string(seed);
  setup.seed = seed;
  setup.rules.set("kind", "four");
  setup.time_control = parse_time_control("iterations=10");
  setup.team_names = {"south-north", "east-west"};
  return setup;
}

// The pieces of other seats a view names (a type it knows).
int identified_others(const four::FourView& view) {
  int n = 0;
  for (int s = 0; s < four::kSeats; ++s)
    if (s != view.seat())
      for (four::Bitboard b = view.board().pieces(four::Seat(s)); b;)
        n += engine::type_of(view.board().piece_on(four::pop_lsb(b))) != engine::kUnknownType;
  return n;
}

int reveals(const four::FourView& view) {
  return int(std::count_if(view.history().begin(), view.history().end(),
                           [](const four::Token& t) { return t.kind == four::Token::Kind::kReveal; }));
}

TEST(FourReferee, EachSeatSeesItsOwnViewAndTheRecordReplays) {
  for (uint64_t seed : {1, 2, 3}) {
    Table t = table();
    const GameRecord r = play_four_game(t.seats, four_setup(seed));
    ASSERT_TRUE(r.reason == "no-moves" || r.reason == "flag" || r.reason == "no-capture-draw" || r.reason == "max-plies")
        << r.reason << " " << r.detail;
    EXPECT_EQ(r.red, "south-north");
    EXPECT_EQ(r.seat_players[2], "spy-N");
    for (int s = 0; s < kFourSeats; ++s) {
      const FourSpy& spy = *t.spies[s];
      ASSERT_FALSE(spy.views.empty()) << "seat " << s;
      for (const four::FourView& view : spy.views) {
        // Every move so far, with its fight's outcome, in order; a piece of another seat
        // named only where a reveal named it (one piece each).
        std::vector<std::string> moves;
        for (const four::Token& tok : view.history())
          if (tok.kind == four::Token::Kind::kMove) moves.push_back(four::token_string(tok));
        ASSERT_LE(moves.size(), r.moves.size());
        for (size_t i = 0; i < moves.size(); ++i) EXPECT_EQ(moves[i], four_move_text(r.moves[i]));
        EXPECT_LE(identified_others(view), reveals(view));
      }
    }
    // Written and read back, the record replays to the game's end.
    const GameRecord back = parse_record(to_json_line(r));
    const four::Position end = replay_four(back);
    EXPECT_TRUE(four::game_status(end).over() || r.reason == "max-plies");
  }
}

TEST(FourReferee, PartnersPiecesAreShownOnlyWhenTheRulesSaySo) {
  for (bool visible : {false, true}) {
    Table t = table();
    GameSetup setup = four_setup(5);
    setup.rules.four_allies_visible = visible;
    setup.rules.max_plies = 8;
    play_four_game(t.seats, setup);
    const four::FourView& first = t.spies[0]->views.at(0);  // South, before any move
    const four::Seat partner = four::ally_of(four::kSouth);
    int known = 0;
    for (four::Bitboard b = first.board().pieces(partner); b;)
      known += engine::type_of(first.board().piece_on(four::pop_lsb(b))) != engine::kUnknownType;
    EXPECT_EQ(known, visible ? engine::kPiecesPerSide : 0) << "four_allies_visible " << visible;
    EXPECT_EQ(identified_others(first), known);  // no enemy piece named
  }
}

// At the start South's a6 runs straight through the empty centre to North's e6, where
// North's front-rank piece stands: a move onto its partner.
TEST(FourReferee, AMoveOntoAPartnerLosesForTheTeam) {
  Table t = table("Sa6-Ne6");
  GameSetup setup = four_setup(9);
  engine::Rng rng(9);
  for (auto& d : setup.seat_imposed) d = engine::random_deployment(rng);
  // An Engineer on Sa6 (slot 25: rank 6, file a), swapped with one elsewhere: the piece it
  // displaces is no Flag, Landmine or Bomb (none may stand in the front rank), so the
  // deployment stays legal.
  engine::Deployment& south = *setup.seat_imposed[0];
  std::swap(south[25], *std::find(south.begin(), south.end(), engine::kEngineer));
  const GameRecord r = play_four_game(t.seats, setup);
  EXPECT_EQ(r.result, "0-1");
  EXPECT_EQ(r.reason, "illegal-move");
  EXPECT_EQ(r.detail, "S: Sa6-Ne6 is not legal");
  EXPECT_TRUE(r.moves.empty());
}

TEST(FourReferee, AWrongSeatLetterIsAProtocolFault) {
  Table t = table();
  TextSeat south("Xa6-Ca1");
  t.seats[0] = &south;
  const GameRecord r = play_four_game(t.seats, four_setup(4));
  EXPECT_EQ(r.result, "0-1");
  EXPECT_EQ(r.reason, "protocol");
  EXPECT_NE(r.detail.find("bad from-square 'Xa6'"), std::string::npos) << r.detail;
}

TEST(FourReferee, PlayersThatDoNotPlayFourSeatsAreRefused) {
  Table t = table();
  const auto two_player_only =
      std::make_unique<BotPlayer>("two", search::make_bot(search::resolve_bot("random")));
  t.seats[3] = two_player_only.get();
  EXPECT_NE(error_of([&] { play_four_game(t.seats, four_setup(1)); }).find("does not play the four-player game"),
            std::string::npos);
}

}  // namespace
}  // namespace junqi::runner
