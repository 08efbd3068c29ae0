// `junqi perft` / `legal` with --rule kind=four, and the commands that cannot play it yet.
#include <gtest/gtest.h>

#include <algorithm>
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

TEST(FourCli, CommandsThatPlayRefuseTheFourPlayerGame) {
  for (const char* args : {"match --red random --blue random --games 1 --rule kind=four",
                           "play --rule kind=four --bot random"}) {
    const CommandResult r = run(std::string(args) + " </dev/null");
    EXPECT_EQ(r.status, 1) << args;
    EXPECT_NE(r.out.find("four-player games cannot be played yet"), std::string::npos)
        << args << ": " << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  }
}

}  // namespace
