// The flip game over JQP, junqi's extension (docs/protocol.md): the engine side serving a
// bot that plays it (and refusing it for one that does not), and flip games between
// `junqi jqp` programs through the real referee, their traffic checked line by line by a spy
// (tests/mocks/spy.sh) and their records replayed.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/error.h"
#include "engine/flip_game.h"
#include "engine/notation.h"
#include "runner/game/record.h"
#include "runner/game/replay.h"
#include "runner/players/jqp_player.h"
#include "runner/protocols/jqp_engine.h"
#include "runner/tournament/match.h"
#include "search/random_bot.h"
#include "tests/support/jqp_programs.h"
#include "tests/support/program_matches.h"

namespace {

using namespace junqi;
using runner::GameRecord;
using runner::MatchConfig;

using testing_support::kJunqiJqp;
using testing_support::SpyGame;
using testing_support::words_of;

// A program that speaks JQP but declares no `kinds`: the dark and open games only.
const std::string kDarkProgram = "jqp:sh '" + testing_support::kMocks + "mock_bot.sh' plain";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// A flip-game match between two programs, with a short game.
MatchConfig flip_match(const std::string& first, const std::string& second, int games,
                       const std::string& name) {
  MatchConfig config = testing_support::quick_match(first, second, games, "jqp_flip_" + name);
  config.rules.set("kind", "flip");
  config.rules.set("max_plies", "150");
  return config;
}

// The random bot, recording the limits of its last search; `flip`: whether it plays the
// flip game (every shipped bot does).
class TestBot final : public search::Bot {
 public:
  TestBot(bool flip, search::Limits* seen) : flip_(flip), seen_(seen) {}
  void new_game(engine::Color side, const engine::Rules& rules, uint64_t seed) override {
    bot_.new_game(side, rules, seed);
  }
  engine::Deployment deploy() override { return bot_.deploy(); }
  engine::Move choose_move(const engine::View& view, const search::Limits& limits) override {
    if (seen_) *seen_ = limits;
    return bot_.choose_move(view, limits);
  }
  bool plays_flip() const override { return flip_; }
  engine::Move choose_flip_action(const engine::FlipView& view, const search::Limits& limits) override {
    if (seen_) *seen_ = limits;
    return bot_.choose_flip_action(view, limits);
  }

 private:
  search::RandomBot bot_;
  bool flip_;
  search::Limits* seen_;
};

// What `junqi jqp` writes for `input` with the test bot, named `flip` or `dark-only`.
struct Served {
  std::vector<std::string> out;
  std::string err;
};

Served serve(const std::string& input, bool flip = true, search::Limits* seen = nullptr) {
  std::istringstream in(input);
  std::ostringstream out, err;
  runner::JqpEngine(flip ? "flip" : "dark-only", std::make_unique<TestBot>(flip, seen), in, out, err).run();
  return {lines_of(out.str()), err.str()};
}

TEST(JqpEngineFlip, DeclaresTheFlipGameAndAnswersAFlipPosition) {
  search::Limits seen;
  const Served s = serve(
      "jqp\nrule kind flip\nnewgame second\nisready\nposition second moves a1^E\n"
      "go ftime 1000 finc 1 stime 5000 sinc 10\nquit\n",
      true, &seen);
  ASSERT_EQ(s.out.size(), 7u) << s.err;
  EXPECT_EQ(s.out[0], "id name junqi-flip");
  EXPECT_EQ(s.out[2], "kinds dark open flip");
  EXPECT_EQ(s.out[4], "jqpok");
  EXPECT_EQ(s.out[5], "readyok");
  EXPECT_EQ(s.err, "");
  // The second player's clock, not the first's.
  EXPECT_EQ(seen.time_left_ms, 5000);
  EXPECT_EQ(seen.increment_ms, 10);
  const std::vector<std::string> best = words_of(s.out[6]);
  ASSERT_EQ(best.size(), 2u);
  EXPECT_EQ(best[0], "bestmove");
  // A legal action for the second player after the first turned up a Red Engineer.
  engine::Rules rules;
  rules.set("kind", "flip");
  engine::FlipView view(1, rules);
  view.apply(engine::parse_token("a1^E"));
  engine::MoveList legal;
  view.legal_moves(legal);
  const engine::Move action = engine::parse_move(best[1]);
  EXPECT_NE(std::find(legal.begin(), legal.end(), action), legal.end()) << best[1];
}

TEST(JqpEngineFlip, ABotThatDoesNotPlayTheFlipGameRefusesIt) {
  const Served s = serve("jqp\nrule kind flip\nnewgame first\nposition first moves\ngo\nquit\n", false);
  // The handshake of PROTOCOL.md, with no `kinds` line.
  EXPECT_EQ(s.out, (std::vector<std::string>{"id name junqi-dark-only", "id author the junqi project",
                                             "option name seed type spin default 0 min 0 max 2147483647",
                                             "jqpok", "bestmove resign"}));
  EXPECT_EQ(s.err,
            "jqp: ignored 'rule kind flip': the bot 'dark-only' does not play the flip game\n"
            "jqp: bad newgame side 'first' (expected red or blue)\n"
            "jqp: bad position: expected 'position <red|blue> <deployment> moves ...'\n"
            "jqp: go without a valid position where it is our turn; resigning\n");
}

TEST(JqpEngineFlip, MalformedFlipPositionsAreReportedAndResigned) {
  struct Case {
    std::string position, error;
  };
  const std::vector<Case> cases = {
      {"first a1^E", "expected 'position <first|second> moves ...' (the flip game)"},
      {"red " + std::string(engine::kSampleDeployment) + " moves",
       "expected 'position <first|second> moves ...' (the flip game)"},
      {"blue moves", "bad side 'blue' (expected first or second)"},
      {"first moves a1^E a1^e", "history token 2 'a1^e': no face-down piece stands there"},
      {"first moves a1^E b1^E c1^E d1^E", "history token 4 'd1^E': no such piece is still face down"},
      {"first moves a1-a2", "history token 1 'a1-a2': not a legal action"},
      {"first moves a1^E b1^f F@a1", "history token 3 'F@a1': the flip game shows no separate reveals"},
      {"first moves a1^X", "'a1^X': a flip names the piece turned up, e.g. b7^t"},
  };
  for (const Case& c : cases) {
    const Served s = serve("rule kind flip\nnewgame first\nposition " + c.position + "\ngo\n");
    EXPECT_EQ(s.out, std::vector<std::string>{"bestmove resign"}) << c.position;
    EXPECT_NE(s.err.find("jqp: bad position: "), std::string::npos) << s.err;
    EXPECT_NE(s.err.find(c.error), std::string::npos) << c.position << ": " << s.err;
  }
  // A valid position where it is not our turn, and the deployment commands of the dark game.
  const Served s = serve("rule kind flip\nnewgame first\ndeploy\nsetup " +
                         std::string(engine::kSampleDeployment) + "\nposition first moves a1^E\ngo\n");
  EXPECT_EQ(s.out, std::vector<std::string>{"bestmove resign"});
  EXPECT_EQ(s.err,
            "jqp: ignored 'deploy': the flip game has no deployments\n"
            "jqp: ignored 'setup " +
                std::string(engine::kSampleDeployment) +
                "': the flip game has no deployments\n"
                "jqp: go without a valid position where it is our turn; resigning\n");
}

TEST(JqpFlip, TheHandshakeSaysWhoPlaysTheFlipGame) {
  EXPECT_TRUE(runner::JqpPlayer(kJunqiJqp.substr(4)).plays_flip());
  EXPECT_FALSE(runner::JqpPlayer(kDarkProgram.substr(4)).plays_flip());
}

// Every `position` holds the seat and the game so far exactly as the record has it (both
// players see every flip and every fight), every `go` the seat's own clock; there is no
// deployment. Returns the number of positions.
int check_spy_game(const SpyGame& g, const GameRecord& r) {
  int positions = 0;
  for (const std::string& line : g.lines) {
    const std::vector<std::string> w = words_of(line);
    EXPECT_TRUE(w.empty() || (w[0] != "deploy" && w[0] != "setup")) << line;
    if (!w.empty() && w[0] == "go") {
      EXPECT_EQ(w.at(1), g.seat == "first" ? "ftime" : "stime") << line;
      EXPECT_EQ(w.at(3), g.seat == "first" ? "finc" : "sinc") << line;
    }
    if (w.empty() || w[0] != "position") continue;
    ++positions;
    EXPECT_EQ(w.at(1), g.seat);
    EXPECT_EQ(w.at(2), "moves");
    EXPECT_LE(w.size() - 3, r.moves.size()) << "game " << r.id;
    for (size_t i = 3; i < w.size() && i - 3 < r.moves.size(); ++i)
      EXPECT_EQ(w[i], runner::move_text(r.moves[i - 3])) << "game " << r.id << " ply " << i - 2;
  }
  return positions;
}

TEST(JqpFlip, TwoProgramsPlayFlipGamesThroughTheRefereeAndTheyReplay) {
  const std::string spied = testing_support::temp_file("jqp_flip_spy.txt");
  const std::string spy = testing_support::spy_spec(spied, kJunqiJqp.substr(4));
  MatchConfig config = flip_match(spy, kJunqiJqp, 2, "vs");
  config.time_control = runner::parse_time_control("clock=60000+100");
  const runner::MatchScore score = runner::play_match(config);
  EXPECT_EQ(score.games(), 2);
  const std::vector<GameRecord> records = runner::read_records(config.out);
  const std::vector<SpyGame> games = testing_support::read_spy(spied);
  ASSERT_EQ(records.size(), 2u);
  ASSERT_EQ(games.size(), 2u);
  int flips = 0, positions = 0;
  for (size_t i = 0; i < records.size(); ++i) {
    const GameRecord& r = records[i];
    EXPECT_EQ(r.players(), (std::vector<std::string>{"junqi-random", "junqi-random"}));
    for (const char* fault : {"time", "crash", "protocol", "illegal-move"})
      EXPECT_NE(r.reason, fault) << r.detail;
    EXPECT_GT(r.moves.size(), 0u);
    EXPECT_NO_THROW(runner::replay_flip(r)) << "game " << r.id;
    for (const runner::MoveRecord& m : r.moves) flips += m.turned_up != engine::kNoPiece;
    EXPECT_EQ(games[i].seat, i % 2 == 0 ? "first" : "second");  // the spy's program acts first in game 1
    positions += check_spy_game(games[i], r);
  }
  EXPECT_GT(flips, 0);
  EXPECT_GT(positions, 0);
  std::cout << "jqp flip: " << records[0].moves.size() + records[1].moves.size() << " plies, " << flips
            << " flips, " << positions << " positions spied\n";
}

TEST(JqpFlip, AProgramThatDoesNotDeclareTheFlipGameIsRefused) {
  try {
    runner::play_match(flip_match(kDarkProgram, kJunqiJqp, 1, "refused"));
    ADD_FAILURE() << "a program without 'kinds ... flip' was seated in a flip game";
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find("player 'mock-plain' does not play the flip game"),
              std::string::npos)
        << e.what();
  }
  // A program that cannot be started is not refused but loses, as in the dark game.
  const runner::MatchScore score = runner::play_match(flip_match("jqp:/no/such/bot", kJunqiJqp, 2, "missing"));
  EXPECT_EQ(score.losses, 2);
  EXPECT_EQ(score.reasons.at("crash"), 2);
}

// A shell bot that plays the flip game by the handshake and answers every go with $1.
std::string answering(const std::string& bestmove) {
  return "jqp:while read c rest; do case $c in jqp) printf 'id name answers\\nkinds flip\\njqpok\\n';; "
         "isready) echo readyok;; go) echo 'bestmove " +
         bestmove + "';; quit) exit;; esac; done";
}

TEST(JqpFlip, FaultsInTheFlipGameLoseAsInTheDarkGame) {
  struct Case {
    std::string bestmove, reason, detail;
  };
  for (const Case& c : {Case{"a1^ a2^", "protocol",
                             "expected 'bestmove <from>-<to>', 'bestmove <square>^' or 'bestmove resign'"},
                        Case{"c3^", "illegal-move", "c3^ is not legal"}, Case{"a1^^", "protocol", "a1^^"}}) {
    const MatchConfig config = flip_match(answering(c.bestmove), kJunqiJqp, 2, "fault");
    runner::MatchScore score = runner::play_match(config);
    EXPECT_EQ(score.losses, 2) << c.bestmove;
    EXPECT_EQ(score.reasons[c.reason], 2) << c.bestmove;
    for (const GameRecord& r : runner::read_records(config.out))
      EXPECT_NE(r.detail.find(c.detail), std::string::npos) << r.detail;
  }
}

}  // namespace
