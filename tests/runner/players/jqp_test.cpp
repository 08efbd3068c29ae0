// JQP end to end: `junqi jqp` programs playing through the runner, misbehaving mock bots
// (tests/mocks/mock_bot.sh) losing with the right reason without stopping the match, and
// a spy (tests/mocks/spy.sh) checking that a bot never sees what its side may not see.
#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "engine/deployment.h"
#include "engine/notation.h"
#include "runner/protocols/jqp_engine.h"
#include "runner/players/jqp_player.h"
#include "runner/tournament/match.h"
#include "runner/protocols/process.h"
#include "runner/game/record.h"
#include "runner/game/replay.h"
#include "tests/support/jqp_programs.h"
#include "tests/support/program_matches.h"
#include "tests/support/time_scale.h"

namespace {

using namespace junqi;
using runner::GameRecord;
using runner::MatchConfig;

using testing_support::kJunqiJqp;
using testing_support::kMocks;
using testing_support::read_spy;
using testing_support::SpyGame;
using testing_support::words_of;

std::string mock(const std::string& mode) { return "jqp:sh '" + kMocks + "mock_bot.sh' " + mode; }

std::string temp_file(const std::string& name) { return testing_support::temp_file("jqp_test_" + name); }

MatchConfig quick_match(const std::string& first, const std::string& second, int games,
                        const std::string& name) {
  return testing_support::quick_match(first, second, games, "jqp_test_" + name);
}

TEST(JqpEngine, AnswersTheHandshakeRulesPositionAndGo) {
  const engine::Deployment d = engine::parse_legal_deployment(engine::kSampleDeployment);
  std::istringstream in(
      "jqp\nrule no_such_rule 3\nrule rail_max 2\nnewgame blue\nisready\ndeploy\n"
      "position blue " +
      engine::deployment_string(d) + " moves b6-b5\ngo movetime 100\nquit\ngo\n");
  std::ostringstream out, err;
  runner::JqpEngine(search::resolve_bot("random"), in, out, err).run();
  const std::vector<std::string> lines = [&] {
    std::vector<std::string> v;
    std::istringstream s(out.str());
    for (std::string l; std::getline(s, l);) v.push_back(l);
    return v;
  }();
  ASSERT_GE(lines.size(), 6u) << out.str();
  EXPECT_EQ(lines[0], "id name junqi-random");
  EXPECT_EQ(lines[lines.size() - 4], "jqpok");
  EXPECT_EQ(lines[lines.size() - 3], "readyok");
  EXPECT_NO_THROW(engine::parse_legal_deployment(words_of(lines[lines.size() - 2]).at(1), engine::kBlue));
  const std::vector<std::string> best = words_of(lines.back());
  ASSERT_EQ(best.size(), 2u);
  EXPECT_EQ(best[0], "bestmove");
  EXPECT_NO_THROW(engine::parse_move(best[1]));
  EXPECT_NE(err.str().find("no_such_rule"), std::string::npos) << err.str();
}

// PROTOCOL.md: `stop` gets a bestmove at once, `quit` an exit within 1 s, even in the
// middle of a search of a minute. The limits are far from the minute and far above the
// few milliseconds it takes, so that a loaded machine does not fail the test.
TEST(JqpEngine, StopAndQuitReachASearchInProgress) {
  using std::chrono::milliseconds;
  using Clock = std::chrono::steady_clock;
  runner::Process p;
  ASSERT_FALSE(p.start({JUNQI_BINARY, "jqp", "--bot", "ismcts"}));
  const auto send = [&](const std::string& line) { ASSERT_EQ(p.write_line(line, Clock::now() + milliseconds(2000)), runner::IoStatus::kOk); };
  // Milliseconds until a line starting with `word` (-1: none within 5 s).
  const auto wait_for = [&](const std::string& word) -> int64_t {
    const auto start = Clock::now(), until = start + testing_support::scaled(milliseconds(5000));
    for (auto r = p.read_line(until); r.status == runner::IoStatus::kOk; r = p.read_line(until))
      if (r.line.rfind(word, 0) == 0)
        return std::chrono::duration_cast<milliseconds>(Clock::now() - start).count();
    return -1;
  };
  send("jqp");
  ASSERT_GE(wait_for("jqpok"), 0);
  send("newgame red");
  send("position red " + std::string(engine::kSampleDeployment) + " moves");
  send("go movetime 60000");
  std::this_thread::sleep_for(milliseconds(200));
  send("stop");
  const int64_t stop_ms = wait_for("bestmove");
  EXPECT_GE(stop_ms, 0);
  EXPECT_LT(stop_ms, testing_support::scaled(milliseconds(3000)).count());
  send("go movetime 60000");
  send("stop");  // before the search has even begun: it must still end at once
  EXPECT_GE(wait_for("bestmove"), 0);
  send("go movetime 60000");
  std::this_thread::sleep_for(milliseconds(200));
  const auto quit_at = Clock::now();
  send("quit");
  while (p.running() && Clock::now() < quit_at + testing_support::scaled(milliseconds(3000))) std::this_thread::sleep_for(milliseconds(2));
  const int64_t quit_ms = std::chrono::duration_cast<milliseconds>(Clock::now() - quit_at).count();
  EXPECT_FALSE(p.running());
  std::cout << "jqp: bestmove " << stop_ms << " ms after stop, exit " << quit_ms << " ms after quit\n";
}

// Found by fuzz/history_tokens: `position` took any syntactically valid deployment, and
// one with pieces in camps corrupted the view (an assertion in debug builds). The
// position is refused, so the following go resigns.
TEST(JqpEngine, RefusesAPositionWithAnIllegalDeployment) {
  std::istringstream in("newgame red\nposition red LFLPE/CLBYE/T+R+C/PMB+D/Y+G+T/ERPDC moves a5-a6\ngo\n");
  std::ostringstream out, err;
  runner::JqpEngine(search::resolve_bot("random"), in, out, err).run();
  EXPECT_EQ(out.str(), "bestmove resign\n");
  EXPECT_NE(err.str().find("jqp: bad position: own deployment 'LFLPE/CLBYE/T+R+C/PMB+D/Y+G+T/ERPDC': no piece may "
                           "stand in a camp"),
            std::string::npos)
      << err.str();
}

TEST(Jqp, TwoJunqiProgramsPlayAMatchThatReplays) {
  const auto start = std::chrono::steady_clock::now();
  MatchConfig config = quick_match(kJunqiJqp, kJunqiJqp, 2, "jqp_vs_jqp");
  config.time_control = runner::parse_time_control("movetime=2000");
  const runner::MatchScore score = runner::play_match(config);
  EXPECT_EQ(score.games(), 2);
  const std::vector<GameRecord> records = runner::read_records(config.out);
  ASSERT_EQ(records.size(), 2u);
  for (const GameRecord& r : records) {
    EXPECT_EQ(r.red, "junqi-random");
    EXPECT_EQ(r.blue, "junqi-random");
    for (const char* fault : {"time", "crash", "protocol", "illegal-move", "illegal-deployment"})
      EXPECT_NE(r.reason, fault) << r.detail;
    EXPECT_GT(r.moves.size(), 0u);
    EXPECT_NO_THROW(runner::replay(r)) << "game " << r.id;
  }
  std::cout << "jqp vs jqp: " << records[0].moves.size() + records[1].moves.size() << " plies in "
            << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)
                   .count()
            << " ms\n";
}

struct FaultCase {
  const char* mode;
  const char* reason;
};

class JqpFault : public testing::TestWithParam<FaultCase> {};

TEST_P(JqpFault, MockLosesEveryGameWithItsReasonAndTheMatchGoesOn) {
  const FaultCase c = GetParam();
  const MatchConfig config = quick_match(mock(c.mode), "random", 3, c.mode);
  const auto start = std::chrono::steady_clock::now();
  const runner::MatchScore score = runner::play_match(config);
  EXPECT_LT(std::chrono::steady_clock::now() - start, testing_support::scaled(std::chrono::seconds(5)));
  EXPECT_EQ(score.losses, 3);
  EXPECT_EQ(score.reasons.at(c.reason), 3);
  const std::vector<GameRecord> records = runner::read_records(config.out);
  ASSERT_EQ(records.size(), 3u);
  testing_support::expect_first_player_lost_all(records, c.reason);
  for (size_t i = 0; i < records.size(); ++i)
    EXPECT_EQ(i % 2 == 0 ? records[i].red : records[i].blue, std::string("mock-") + c.mode);
}

INSTANTIATE_TEST_SUITE_P(Mocks, JqpFault,
                         testing::Values(FaultCase{"illegal-move", "illegal-move"},
                                         FaultCase{"illegal-deployment", "illegal-deployment"},
                                         FaultCase{"garbage", "protocol"}, FaultCase{"hang", "time"},
                                         FaultCase{"exit", "crash"}, FaultCase{"flood", "protocol"},
                                         FaultCase{"bad-utf8-move", "protocol"},
                                         // Lost on readyok in every later game unless restarted.
                                         FaultCase{"garbage-then-deaf", "protocol"},
                                         // Judged by the process, not by the pipe its child holds.
                                         FaultCase{"orphan-exit", "crash"}),
                         [](const auto& test) {
                           std::string name = test.param.mode;
                           std::erase(name, '-');
                           return name;
                         });

TEST(Jqp, BytesThatAreNotUtf8AreRecordedEscapedAndLoseByProtocol) {
  for (const char* mode : {"bad-utf8-name", "bad-utf8-move"}) {
    const MatchConfig config = quick_match(mock(mode), "random", 2, mode);
    const runner::MatchScore score = runner::play_match(config);
    EXPECT_EQ(score.losses, 2) << mode;
    const std::vector<GameRecord> records = runner::read_records(config.out);
    ASSERT_EQ(records.size(), 2u) << mode;
    testing_support::expect_first_player_lost_all(records, "protocol");
    for (const GameRecord& r : records) {
      EXPECT_NE(r.detail.find("not UTF-8"), std::string::npos) << r.detail;
      EXPECT_NE(r.detail.find("\\xff"), std::string::npos) << r.detail;  // what was received, escaped
      EXPECT_EQ(r.detail.find('\xff'), std::string::npos) << r.detail;
    }
    std::ifstream log(config.log);
    const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text.find('\xff'), std::string::npos) << mode;
    EXPECT_EQ(text.find('\033'), std::string::npos) << mode << ": an escape sequence reached the log";
    if (std::string(mode) == "bad-utf8-move") {  // its stderr, relayed to the log
      EXPECT_NE(text.find(" ! thinking \\xff\\x1b[2J\n"), std::string::npos) << text;
    }
    if (std::string(mode) == "bad-utf8-name") {
      // The bad name is never taken: the record names the program by its command line.
      EXPECT_EQ(records[0].red, mock(mode).substr(4));
      EXPECT_NE(records[0].detail.find("mock-\\xff\\x1b[2J"), std::string::npos) << records[0].detail;
    }
  }
}

TEST(Jqp, MissingHandshakeIsProtocolAndMissingProgramIsCrash) {
  {
    MatchConfig config = quick_match("jqp:sleep 5", "random", 2, "no_handshake");
    config.startup_ms = 200;
    const runner::MatchScore score = runner::play_match(config);
    EXPECT_EQ(score.losses, 2);
    EXPECT_EQ(score.reasons.at("protocol"), 2);
  }
  {
    const MatchConfig config = quick_match("jqp:/no/such/bot", "random", 2, "no_program");
    const runner::MatchScore score = runner::play_match(config);
    EXPECT_EQ(score.losses, 2);
    EXPECT_EQ(score.reasons.at("crash"), 2);
  }
}

bool enemy_marshal_died(const runner::MoveRecord& m, engine::Color enemy) {
  using engine::Outcome;
  const engine::Piece marshal = engine::make_piece(enemy, engine::kMarshal);
  return (m.attacker == marshal && m.outcome != Outcome::kAttackerWins) ||
         (m.defender == marshal && m.outcome != Outcome::kDefenderWins);
}

struct SpyStats {
  int positions = 0, enemy_flag_reveals = 0, enemy_reveals_at_start = 0;
};

// Checks every line the spy received in one game against the referee's record.
SpyStats check_spy_game(const SpyGame& g, const GameRecord& r) {
  SpyStats stats;
  const engine::Color side = g.seat == "red" ? engine::kRed : engine::kBlue;
  const engine::Color enemy = ~side;
  const std::string& own = side == engine::kRed ? r.red_deployment : r.blue_deployment;
  const std::string& theirs = side == engine::kRed ? r.blue_deployment : r.red_deployment;
  auto is_enemy_letter = [&](char c) {
    return enemy == engine::kRed ? std::isupper(static_cast<unsigned char>(c))
                                 : std::islower(static_cast<unsigned char>(c));
  };
  for (const std::string& line : g.lines) {
    if (theirs != own) {
      EXPECT_EQ(line.find(theirs), std::string::npos) << "game " << r.id << ": " << line;
    }
    const std::vector<std::string> w = words_of(line);
    if (w.empty() || w[0] != "position") continue;
    ++stats.positions;
    EXPECT_EQ(w.at(1), g.seat);
    EXPECT_EQ(w.at(2), own);
    EXPECT_EQ(w.at(3), "moves");
    size_t ply = 0;
    bool before_first_move = true;
    for (size_t i = 4; i < w.size(); ++i) {
      const std::string& tok = w[i];
      if (tok.size() > 1 && tok[1] == '@') {
        if (!is_enemy_letter(tok[0])) continue;  // our own piece shown to us
        if (r.rules.kind == engine::GameKind::kOpen && before_first_move) {
          ++stats.enemy_reveals_at_start;
          continue;
        }
        const char flag = enemy == engine::kRed ? 'F' : 'f';
        EXPECT_EQ(tok[0], flag) << "game " << r.id << ": enemy identity " << tok << " shown";
        EXPECT_TRUE(ply > 0 && enemy_marshal_died(r.moves.at(ply - 1), enemy))
            << "game " << r.id << ": " << tok << " shown at ply " << ply
            << " though the enemy Marshal did not just die";
        ++stats.enemy_flag_reveals;
        continue;
      }
      before_first_move = false;
      if (ply >= r.moves.size()) {
        ADD_FAILURE() << "game " << r.id << ": more moves than the record's " << r.moves.size();
        return stats;
      }
      EXPECT_EQ(tok, engine::annotated_move(r.moves[ply].move, r.moves[ply].outcome)) << "game " << r.id;
      // The referee does tell: after the enemy Marshal's death its flag follows at once.
      if (r.rules.marshal_death_reveals_flag && enemy_marshal_died(r.moves[ply], enemy)) {
        bool shown = false;  // among the reveals right after the move (both Marshals may die)
        for (size_t j = i + 1; j < w.size() && w[j].size() > 1 && w[j][1] == '@'; ++j)
          shown = shown || is_enemy_letter(w[j][0]);
        EXPECT_TRUE(shown) << "game " << r.id << ": no flag reveal after " << tok;
      }
      ++ply;
    }
  }
  return stats;
}

TEST(Jqp, SpySeesOnlyWhatItsSideMaySee) {
  const std::string spied = temp_file("spy_dark.txt");
  const std::string spy = testing_support::spy_spec(spied, kJunqiJqp.substr(4));
  MatchConfig config = quick_match(spy, "random", 20, "spy_dark");
  config.time_control = runner::parse_time_control("movetime=2000");
  config.seed = 7;
  const runner::MatchScore score = runner::play_match(config);
  ASSERT_EQ(score.games(), 20);
  const std::vector<GameRecord> records = runner::read_records(config.out);
  const std::vector<SpyGame> games = read_spy(spied);
  ASSERT_EQ(records.size(), 20u);
  ASSERT_EQ(games.size(), 20u);
  SpyStats total;
  for (size_t i = 0; i < games.size(); ++i) {
    EXPECT_EQ(records[i].reason.find("time"), std::string::npos) << records[i].detail;
    EXPECT_EQ(games[i].seat, i % 2 == 0 ? "red" : "blue");
    const SpyStats s = check_spy_game(games[i], records[i]);
    EXPECT_GT(s.positions, 0) << "game " << records[i].id;
    EXPECT_EQ(s.enemy_reveals_at_start, 0);
    total.positions += s.positions;
    total.enemy_flag_reveals += s.enemy_flag_reveals;
  }
  std::cout << "spy: " << total.positions << " positions, " << total.enemy_flag_reveals
            << " enemy flag reveals\n";

  // An open game shows every enemy piece before the first move.
  const std::string spied_open = temp_file("spy_open.txt");
  MatchConfig open =
      quick_match(testing_support::spy_spec(spied_open, kJunqiJqp.substr(4)), "random",
                  1, "spy_open");
  open.time_control = runner::parse_time_control("movetime=2000");
  open.rules.set("kind", "open");
  open.rules.set("max_plies", "40");
  runner::play_match(open);
  const std::vector<GameRecord> open_records = runner::read_records(open.out);
  const std::vector<SpyGame> open_games = read_spy(spied_open);
  ASSERT_EQ(open_records.size(), 1u);
  ASSERT_EQ(open_games.size(), 1u);
  const SpyStats s = check_spy_game(open_games[0], open_records[0]);
  ASSERT_GT(s.positions, 0);
  EXPECT_EQ(s.enemy_reveals_at_start, 25 * s.positions);
}

}  // namespace
