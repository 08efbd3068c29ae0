// `junqi perft` / `legal` with --rule kind=four, and `junqi match` of four seats: bad seats
// and teams refused in one line, JQP programs in every seat.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/deployment.h"
#include "engine/four/deployment.h"
#include "engine/four/movegen.h"
#include "engine/four/notation.h"
#include "engine/perft.h"
#include "tests/support/junqi_command.h"

namespace {

using junqi::testing_support::CommandResult;
using namespace junqi::engine;

CommandResult run(const std::string& args) { return junqi::testing_support::run_junqi(args); }

std::string read_first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

// Issue 16's third position: West is out.
constexpr const char* kWestOut =
    "5/1Y3/2D2/1DP2/L2CL/LFETE|5/2nDT1/3E1/1T3/1R1L1/LFGLM|3C1/1B3/2B2/2T2/2L1L/LFPYY|2sC2/5/5/4sM/5/5|3/3/3 "
    "s 0 431";

TEST(FourCli, PerftDivideListsRootMovesThenNodes) {
  four::Position pos = four::parse_j4fen(kWestOut);
  const CommandResult r =
      run(std::string("perft --rule kind=four --depth 2 --divide --fen \"") + kWestOut + "\" 2>/dev/null");
  ASSERT_EQ(r.status, 0) << r.out;
  std::istringstream lines(r.out);
  std::string line;
  for (const auto& [move, count] : perft_divide(pos, 2)) {
    ASSERT_TRUE(std::getline(lines, line));
    EXPECT_EQ(line, four::move_string(move) + " " + std::to_string(count));
  }
  ASSERT_TRUE(std::getline(lines, line));
  EXPECT_EQ(line, "nodes 1071");  // issue 16's count at depth 2
}

TEST(FourCli, LegalFromTheSampleStart) {
  // Without --fen: every seat deploys the sample deployment; South's moves, one a line.
  const Deployment d = parse_legal_deployment(kSampleDeployment);
  const four::Position start = four::start_position({d, d, d, d});
  const CommandResult r = run("legal --rule kind=four");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), four::count_moves(start));
  EXPECT_EQ(r.out.substr(0, 1), "S");
}

TEST(FourCli, BadJ4fenIsOneLineError) {
  const CommandResult r = run("perft --rule kind=four --depth 1 --fen \"5/5/5/5/5/5|3/3/3 s 0 1\"");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("expected 5 parts"), std::string::npos) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
}

// One line naming what is wrong, exit 1.
void expect_one_line_error(const std::string& args, const std::string& message) {
  const CommandResult r = run(args + " </dev/null");
  EXPECT_EQ(r.status, 1) << args;
  EXPECT_NE(r.out.find(message), std::string::npos) << args << ": " << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
}

TEST(FourCli, MatchRefusesBadSeatsAndTeams) {
  const std::string four = "match --rule kind=four --games 1 ";
  expect_one_line_error(four + "--red random --blue random", "kind=four takes --seat S=SPEC (x4) or --team NAME=SPEC (x2)");
  expect_one_line_error(four + "--seat S=random --seat E=random --seat X=random --seat W=random",
                        "--seat 'X=random': 'X' is no seat (S, E, N or W)");
  expect_one_line_error(four + "--seat S=random --seat E=random --seat S=random --seat W=random",
                        "seat S is given twice");
  expect_one_line_error(four + "--seat S=random --seat E=random --seat W=random", "--seat N=SPEC is missing");
  expect_one_line_error(four + "--team A=random", "--team twice (two teams)");
  expect_one_line_error(four + "--team A=random --team A=random", "two teams named 'A'");
  expect_one_line_error(four + "--team A=random --team B=heuristic", "does not play the four-player game");
  expect_one_line_error("match --games 1 --team A=random --team B=random", "--seat and --team are for the four-player game");
  expect_one_line_error("selfplay --bot random --games 2 --out /dev/null --rule kind=four",
                        "this command does not play the four-player game");
}

// Four `junqi jqp` programs, one per seat, play over JQP; the records replay to their ends.
TEST(FourCli, JqpProgramsPlayEverySeatAndTheRecordsReplay) {
  const std::string out = ::testing::TempDir() + "four_jqp.jsonl";
  std::remove(out.c_str());
  const std::string jqp = std::string("\"jqp:'") + JUNQI_BINARY + "' jqp\"";
  const CommandResult r = run("match --rule kind=four --games 2 --tc movetime=500 --seat S=" + jqp + " --seat E=random" +
                              " --seat N=" + jqp + " --seat W=" + jqp + " --out " + out);
  ASSERT_EQ(r.status, 0) << r.out;
  const CommandResult replay = run("replay " + out);
  ASSERT_EQ(replay.status, 0) << replay.out;
  size_t agreed = 0;
  for (size_t at = 0; (at = replay.out.find("(replay agrees)", at)) != std::string::npos; ++at) ++agreed;
  EXPECT_EQ(agreed, 2u) << replay.out;
  // The JQP seats are named by their programs' `id name`.
  EXPECT_NE(read_first_line(out).find("\"junqi-random\""), std::string::npos);
}

// A person takes West with a bot partner against two bots: the cross board with West at
// the bottom, only West's own pieces named, no undo, and the end told for the team.
TEST(FourCli, PlayAtTheTerminalTakesASeatWithABotPartner) {
  const std::string out = ::testing::TempDir() + "four_play.jsonl";
  std::remove(out.c_str());
  const CommandResult r = run("play --rule kind=four --side west --bot random --deployment random --ascii --no-color "
                              "--seed 3 --tc iterations=10 --out " + out + " <<'EOF'\nmoves\nundo\nresign\nEOF");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("you play West, your partner East"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("West (you)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("There is no undo in the four-player game"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Your team lost."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("result 1-0  resign"), std::string::npos) << r.out;
  // Before the first prompt, the board names no piece of another seat (nothing was revealed
  // to West: the first three moves' tokens are listed above it).
  const std::string first_board = r.out.substr(0, r.out.find("West> "));
  for (char seat : {'s', 'e', 'n'})
    for (char piece : std::string("MGDRTYCPEBLF"))
      EXPECT_EQ(first_board.find(std::string(" ") + seat + piece + " "), std::string::npos) << seat << piece;
  EXPECT_NE(first_board.find(" sx "), std::string::npos) << first_board;
  EXPECT_NE(read_first_line(out).find("\"teams\":[\"random\",\"human+random\"]"), std::string::npos);
}

}  // namespace
