// The `junqi` executable as users run it: output formats, exit codes, one-line errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/deployment.h"
#include "engine/notation.h"
#include "engine/perft.h"
#include "runner/game/record.h"
#include "search/deployment_choice.h"
#include "search/deployment_prior.h"
#include "tests/support/junqi_command.h"

namespace {

using junqi::testing_support::CommandResult;

CommandResult run(const std::string& args) { return junqi::testing_support::run_junqi(args); }

std::string sample_start() {
  using namespace junqi::engine;
  const Deployment d = parse_legal_deployment(kSampleDeployment);
  return to_jfen(start_position(d, d));
}

TEST(Cli, PerftDivideListsRootMovesThenNodes) {
  using namespace junqi::engine;
  Position pos = parse_jfen(sample_start());
  const auto divide = perft_divide(pos, 2);
  const CommandResult r = run("perft --depth 2 --divide 2>/dev/null");
  ASSERT_EQ(r.status, 0) << r.out;
  std::istringstream lines(r.out);
  std::string line;
  uint64_t total = 0;
  for (const auto& [move, count] : divide) {
    ASSERT_TRUE(std::getline(lines, line));
    EXPECT_EQ(line, move_string(move) + " " + std::to_string(count));
    total += count;
  }
  ASSERT_TRUE(std::getline(lines, line));
  EXPECT_EQ(line, "nodes " + std::to_string(total));
}

// The line of `junqi bench --search` output that starts with `prefix`.
std::string line_starting(const std::string& out, const std::string& prefix) {
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(prefix, 0) == 0) return line;
  return "";
}

TEST(Cli, SearchBenchReportsRatesAndADeterministicSignature) {
  const auto a = run("bench --search --iterations 300"), b = run("bench --search --iterations 300");
  ASSERT_EQ(a.status, 0) << a.out;
  EXPECT_NE(line_starting(a.out, "samples ").find("M determinizations/s"), std::string::npos) << a.out;
  const std::string one = line_starting(a.out, "ismcts 1 thread"), two = line_starting(a.out, "ismcts 2 threads");
  EXPECT_NE(one.find("1200 iterations"), std::string::npos) << a.out;  // 4 views x 300
  EXPECT_NE(two.find("1200 iterations"), std::string::npos) << a.out;
  // One thread searches deterministically: the same best moves every run.
  const auto best = [&](const std::string& line) { return line.substr(line.find("best")); };
  ASSERT_NE(one.find("best"), std::string::npos);
  EXPECT_EQ(best(one), best(line_starting(b.out, "ismcts 1 thread")));
}

TEST(Cli, PerftZeroIsOne) {
  const CommandResult r = run("perft --depth 0 2>/dev/null");
  EXPECT_EQ(r.out, "nodes 1\n");
}

TEST(Cli, BadJfenIsOneLineError) {
  const CommandResult r = run("perft --depth 1 --fen \"5/5/5 r 0 0\"");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("expected 12 ranks"), std::string::npos) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
}

TEST(Cli, UnknownRuleNamesTheKey) {
  const CommandResult r = run("legal --rule rail_maxx=3");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("rail_maxx"), std::string::npos) << r.out;
}

TEST(Cli, BadRulesFileNamesFileLineAndKey) {
  const std::string path = testing::TempDir() + "bad_rules.toml";
  std::ofstream(path) << "kind = \"dark\"\nrail_max = \"three\"\n";
  const CommandResult r = run("perft --depth 1 --rules " + path);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find(path + ":2:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("rail_max"), std::string::npos) << r.out;
}

TEST(Cli, ShippedStandardRulesLoad) {
  const CommandResult r = run("perft --depth 1 --rules " JUNQI_SOURCE_DIR "/configs/rules/standard.toml 2>/dev/null");
  EXPECT_EQ(r.status, 0) << r.out;
}

TEST(Cli, RandomDeploymentIsLegalAndReproducible) {
  const CommandResult a = run("deploy --random --seed 42"), b = run("deploy --random --seed 42");
  ASSERT_EQ(a.status, 0);
  EXPECT_EQ(a.out, b.out);
  std::string text = a.out.substr(0, a.out.find('\n'));
  const CommandResult check = run("deploy --check \"" + text + "\"");
  EXPECT_EQ(check.status, 0) << check.out;
  EXPECT_EQ(check.out, "legal\n");
}

// --sensible --count N: N legal deployments, the same for the same seed, each the best of
// 300 random ones by the placement score, so above the score of 90% of random deployments
// (a best of 300 falls below that with probability 0.9^300). The shipped book is what its
// header says made it.
TEST(Cli, SensibleDeploymentsMakeTheShippedBook) {
  using namespace junqi::engine;
  const CommandResult a = run("deploy --sensible --count 5 --seed 42"), b = run("deploy --sensible --count 5 --seed 42");
  ASSERT_EQ(a.status, 0) << a.out;
  EXPECT_EQ(a.out, b.out);
  std::vector<double> random_scores;
  Rng rng(7);
  for (int i = 0; i < 1000; ++i) random_scores.push_back(junqi::search::deployment_score(random_deployment(rng)));
  std::sort(random_scores.begin(), random_scores.end());
  std::istringstream lines(a.out);
  int n = 0;
  for (std::string line; std::getline(lines, line); ++n)
    EXPECT_GE(junqi::search::deployment_score(parse_legal_deployment(line)), random_scores[900]) << line;
  EXPECT_EQ(n, 5);
  EXPECT_NE(a.out, run("deploy --sensible --count 5 --seed 43").out);

  std::ifstream shipped(JUNQI_SOURCE_DIR "/configs/books/sensible.txt");
  std::string book, line;
  while (std::getline(shipped, line))
    if (!line.empty() && line[0] != '#') book += line + "\n";
  EXPECT_EQ(book, run("deploy --sensible --count 1000 --seed 1").out);
  EXPECT_EQ(run("deploy --random --sensible").status, 1);
}

// --book: every game's deployments come from the book (here one deployment, so both sides
// of every game play it); a book that is neither a file nor a shipped name is one line.
TEST(Cli, TournamentBookSetsTheDeployments) {
  using namespace junqi;
  const std::string book = testing::TempDir() + "cli_book.txt", out = testing::TempDir() + "cli_book.jsonl";
  std::remove(out.c_str());
  {
    std::ofstream f(book);
    f << "# one deployment\n" << "YRLFL/PBCLE/B+C+M/PC+GD/R+E+T/TDEYP\n";
  }
  const CommandResult r = run("tournament --player random --player greedy --pairs 2 --rule max_plies=2 --book " + book +
                              " --out " + out + " > /dev/null");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto games = runner::read_records(out);
  ASSERT_EQ(games.size(), 4u);
  for (const auto& g : games) {
    EXPECT_EQ(g.red_deployment, "YRLFL/PBCLE/B+C+M/PC+GD/R+E+T/TDEYP");
    EXPECT_EQ(g.blue_deployment, "YRLFL/PBCLE/B+C+M/PC+GD/R+E+T/TDEYP");
  }
  std::remove(out.c_str());
  const CommandResult named = run("tournament --player random --player greedy --pairs 1 --rule max_plies=2 "
                                  "--book sensible --out " + out + " > /dev/null");
  EXPECT_EQ(named.status, 0) << named.out;
  const CommandResult missing = run("tournament --player random --player greedy --book no-such-book --out " + out);
  EXPECT_EQ(missing.status, 1);
  EXPECT_EQ(std::count(missing.out.begin(), missing.out.end(), '\n'), 1) << missing.out;
  EXPECT_NE(missing.out.find("no-such-book"), std::string::npos) << missing.out;
}

TEST(Cli, IllegalDeploymentNamesRule) {
  // The sample deployment with the Bomb on e4 and the Company commander on e6 swapped.
  const CommandResult r = run("deploy --check \"LFLPE/CLBYE/T+R+C/DP+MC/Y+G+T/ERPDB\"");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("front rank"), std::string::npos) << r.out;
}

TEST(Cli, LegalListsEveryMoveOnce) {
  using namespace junqi::engine;
  const Position pos = parse_jfen(sample_start());
  const CommandResult r = run("legal");
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), count_moves(pos));
}

// Game 1 has greedy as red, game 2 as blue: `--player greedy` learns from exactly those
// two deployments, read back from the records here and counted independently.
TEST(Cli, PriorLearnCountsTheChosenPlayersDeployments) {
  using namespace junqi;
  const std::string records = testing::TempDir() + "prior_records.jsonl", out = testing::TempDir() + "prior.toml";
  std::remove(records.c_str());
  ASSERT_EQ(run("match --red greedy --blue random --games 2 --rule max_plies=1 --out " + records).status, 0);
  const CommandResult r = run("prior learn " + records + " --player greedy --alpha 0.25 --out " + out);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("learned from 2 deployments of 2 games"), std::string::npos) << r.out;
  const auto games = runner::read_records(records);
  ASSERT_EQ(games.size(), 2u);
  search::DeploymentCounts counts;
  counts.add(engine::parse_legal_deployment(games[0].red_deployment, engine::kRed));
  counts.add(engine::parse_legal_deployment(games[1].blue_deployment, engine::kBlue));
  EXPECT_EQ(search::load_prior(out), search::learn_prior(counts, 0.25));
  EXPECT_EQ(run("prior show " + out).status, 0);

  const CommandResult red = run("prior learn " + records + " --player greedy --side red --out " + out);
  EXPECT_NE(red.out.find("learned from 1 deployments of 2 games"), std::string::npos) << red.out;
  const CommandResult none = run("prior learn " + records + " --player nobody --out " + out);
  EXPECT_EQ(none.status, 1);
  EXPECT_EQ(std::count(none.out.begin(), none.out.end(), '\n'), 1) << none.out;
  EXPECT_EQ(run("prior learn " + records + " --alpha 0 --out " + out).status, 1);
}

// The flip game from the command line: a paired match deals one layout for both games
// of the pair (seats swapped), `junqi replay` agrees with every record, `tune fit` takes
// the records as the flip evaluation's, and the contest protocol, which has no flips, says
// so in one line.
TEST(Cli, FlipMatchReplaysAndTheCommandsWithoutFlipsSaySo) {
  using namespace junqi;
  const std::string records = testing::TempDir() + "flip_match.jsonl";
  std::remove(records.c_str());
  const CommandResult m =
      run("match --red ismcts --blue greedy --games 2 --paired --rules flip --tc iterations=40 --out " + records);
  ASSERT_EQ(m.status, 0) << m.out;
  const auto games = runner::read_records(records);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].layout, games[1].layout);
  EXPECT_EQ(games[0].players(), (std::vector<std::string>{"ismcts", "greedy"}));
  EXPECT_EQ(games[1].players(), (std::vector<std::string>{"greedy", "ismcts"}));
  const CommandResult r = run("replay " + records);
  EXPECT_EQ(r.status, 0) << r.out;
  // The replay shows the referee's full board: a piece still face down is drawn with its
  // identity ({T}), never as unknown ({?}).
  EXPECT_EQ(r.out.find("{?}"), std::string::npos) << r.out;
  size_t agreed = 0;
  for (size_t at = 0; (at = r.out.find("(replay agrees)", at)) != std::string::npos; ++at) ++agreed;
  EXPECT_EQ(agreed, 2u) << r.out;

  // tune fit reads flip records as the flip evaluation's data; two games are too few to fit.
  const CommandResult fit = run("tune fit " + records + " --out " + testing::TempDir() + "flip_fit.toml");
  EXPECT_EQ(fit.status, 1);
  EXPECT_NE(fit.out.find("fit (flip evaluation): 2 games"), std::string::npos) << fit.out;
  EXPECT_NE(fit.out.find("junqi: error: fit: too few positions"), std::string::npos) << fit.out;
  const CommandResult contest = run("contest --rule kind=flip </dev/null");
  EXPECT_EQ(contest.status, 1);
  EXPECT_NE(contest.out.find("the contest protocol has no flips"), std::string::npos) << contest.out;
}

// Typos and out-of-range numbers: one line naming what is wrong and, where one is near,
// the flag or command meant; status 1.
TEST(Cli, TyposAndRangesAreOneLineWithASuggestion) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"tournament --pair 3", "tournament: unknown option --pair (did you mean --pairs?)"},
      {"tournamnt", "unknown command 'tournamnt' (did you mean tournament?); the commands: perft,"},
      {"tune fitt", "tune: unknown command 'fitt' (did you mean fit?); the commands: spsa, fit"},
      {"", "no command given; the commands: perft,"},
      {"match --red random --blue random --games 0", "--games: must be at least 1, got 0"},
      {"tournament --concurrency -1", "--concurrency: must be at least 1, got -1"},
      {"perft --depth 65", "--depth: must be between 0 and 64, got 65"},
      {"perft --depth x", "--depth: expected a number, got 'x'"},
  };
  for (const auto& [args, message] : cases) {
    const CommandResult r = run(args);
    EXPECT_EQ(r.status, 1) << args;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    EXPECT_NE(r.out.find("junqi: error: " + message), std::string::npos) << args << ": " << r.out;
  }
}

}  // namespace

// selfplay then tune fit, as README "Tuning the evaluation" runs them (random bots: fast).
TEST(Cli, SelfplayRecordsFeedTuneFit) {
  const std::string records = testing::TempDir() + "cli_selfplay.jsonl";
  const std::string weights = testing::TempDir() + "cli_fit.toml";
  std::remove(records.c_str());
  std::remove(weights.c_str());
  const CommandResult play = run("selfplay --bot random --games 40 --concurrency 2 --out " + records + " 2>/dev/null");
  ASSERT_EQ(play.status, 0) << play.out;
  EXPECT_NE(play.out.find("40 games written"), std::string::npos) << play.out;
  // 40 random games are too few for a good fit: whether the fit does worse than the start
  // on held-out games, as the warning says, decides whether it is written without asking.
  const CommandResult plain = run("tune fit " + records + " --out " + weights);
  const bool written = std::ifstream(weights).good();
  const CommandResult fit = run("tune fit " + records + " --out " + weights + " --keep-worse");
  ASSERT_EQ(fit.status, 0) << fit.out;
  const bool worse = fit.out.find("warning: the fitted weights predict held-out games worse") != std::string::npos;
  EXPECT_EQ(plain.status, worse ? 1 : 0) << plain.out;
  EXPECT_EQ(written, !worse);
  if (worse) {
    EXPECT_NE(plain.out.find("--keep-worse to write it anyway"), std::string::npos) << plain.out;
  }
  EXPECT_NE(fit.out.find("held-out loss"), std::string::npos) << fit.out;
  EXPECT_NE(fit.out.find("Wrote " + weights), std::string::npos) << fit.out;
  std::ifstream in(weights);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("top_officer = "), std::string::npos) << text.str();
}

TEST(Cli, TuneSpsaNamesAnUnknownParameterFile) {
  const CommandResult r = run("tune spsa --params no-such-params.toml --state x.json --out x.toml");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("no-such-params.toml"), std::string::npos) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
}

// Input with a newline or a carriage return in it is quoted escaped: the error stays one
// line ("\n" as two characters) whichever parser, loader or option reports it.
TEST(Cli, ErrorsQuotingNewlinesAndCarriageReturnsStayOneLine) {
  const std::string rules = testing::TempDir() + "control_rules.toml";
  std::ofstream(rules) << "\"rail\\nmax\\r\" = \"3\"\n";
  for (const std::string& args : std::vector<std::string>{"deploy --check \"$(printf 'LFLPE/CL\\nBYE\\r')\"",
                                 "legal --rule \"$(printf 'rail\\nmax\\r=3')\"", "legal --rules " + rules,
                                 "perft --depth 1 --fen \"$(printf '5/5\\n5 r\\r 0 0')\""}) {
    const CommandResult r = run(args);
    EXPECT_EQ(r.status, 1) << args;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << ": " << r.out;
    EXPECT_EQ(r.out.find('\r'), std::string::npos) << args << ": " << r.out;
  }
  EXPECT_NE(run("legal --rules " + rules).out.find("rail\\nmax\\r"), std::string::npos);
  // CLI11's own errors too, and with status 1 like every other bad input.
  const CommandResult depth = run("perft --depth \"$(printf '1\\n2\\r')\"");
  EXPECT_EQ(depth.status, 1);
  EXPECT_EQ(std::count(depth.out.begin(), depth.out.end(), '\n'), 1) << depth.out;
  EXPECT_NE(depth.out.find("1\\n2\\r"), std::string::npos) << depth.out;
  EXPECT_EQ(run("perft --no-such-option").status, 1);
  EXPECT_EQ(run("perft --help").status, 0);
}

namespace {

// A level is a config played at its own iterations; naming a bot as well is an error.
TEST(Cli, PlayLevelUsesTheLevelsOwnBudget) {
  const CommandResult r = run("play --level medium --deployment random --seed 3 --ascii --no-color < /dev/null");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("against medium, bot time control iterations=150"), std::string::npos) << r.out;
  const CommandResult both = run("play --level easy --bot random < /dev/null");
  EXPECT_NE(both.status, 0);
  EXPECT_NE(both.out.find("--bot excludes --level"), std::string::npos) << both.out;
  EXPECT_NE(run("play --level grandmaster < /dev/null").status, 0);
}

}  // namespace
