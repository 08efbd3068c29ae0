// The human player over stringstreams (whole games against the random bot, the
// deployment prompt, what the drawn board may show) and `junqi play` as users run it.
#include "runner/players/human_player.h"

#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "runner/ui/board_text.h"
#include "runner/players/bot_player.h"
#include "runner/players/bot_seat.h"
#include "runner/ui/deployment_files.h"
#include "runner/game/record.h"
#include "runner/game/referee.h"
#include "runner/game/replay.h"
#include "search/random_bot.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The random bot with a search report, so `info` has something to show.
class ReportingBot final : public search::Bot {
 public:
  void new_game(Color side, const Rules& rules, uint64_t seed) override {
    inner_.new_game(side, rules, seed);
  }
  Deployment deploy() override { return inner_.deploy(); }
  Move choose_move(const View& view, const search::Limits& limits) override {
    ++moves_;
    return inner_.choose_move(view, limits);
  }
  search::SearchInfo last_info() const override { return {1000 + moves_, 0.25, ""}; }

 private:
  search::RandomBot inner_;
  int64_t moves_ = 0;
};

runner::BotSeat reporting_bot() {
  return runner::BotSeat(std::make_unique<runner::BotPlayer>("reporter", std::make_unique<ReportingBot>()),
                         runner::parse_time_control("iterations=10"));
}

// Red deploys the sample deployment: a1 is a Landmine, a7 Blue's, the Brigade commander
// on b6 can step back into the empty camp b5 and return to b6 (no Blue piece can reach
// b6 in one move: mountains block b7-b6 and a6, c6 are Red's).
TEST(HumanPlayer, RejectsIllegalMovesWithReasonsThenResigns) {
  std::istringstream in("a1-a2\na7-a6\nb6-b8\nz9-a1\nhello\nhelp\nmoves\nb6b5\ninfo\nb5-b6\nresign\n");
  std::ostringstream out;
  runner::BotSeat bot = reporting_bot();
  runner::HumanOptions options;
  options.style.ascii = true;
  options.deployment = std::string(kSampleDeployment);
  options.opponent_info = &bot.last_info();
  runner::HumanPlayer human(in, out, options);
  runner::GameSetup setup;
  setup.seed = 5;
  const runner::GameRecord record = runner::play_game(human, bot, setup);
  const std::string text = out.str();

  EXPECT_EQ(record.reason, "resign") << text;
  EXPECT_EQ(record.result, "0-1");  // the human (Red) lost
  ASSERT_EQ(record.moves.size(), 4u) << text;
  EXPECT_EQ(move_string(record.moves[0].move), "b6-b5");
  EXPECT_EQ(move_string(record.moves[2].move), "b5-b6");
  EXPECT_NO_THROW(runner::replay(record));
  EXPECT_EQ(record.red_deployment, kSampleDeployment);

  EXPECT_TRUE(contains(text, "that piece cannot move: the L on a1 never moves")) << text;
  EXPECT_TRUE(contains(text, "not your piece: a7 holds an enemy piece")) << text;
  EXPECT_TRUE(contains(text, "cannot reach that square: the R on b6 cannot go to b8")) << text;
  EXPECT_TRUE(contains(text, "not a square: z9")) << text;
  EXPECT_TRUE(contains(text, "Unknown command 'hello'")) << text;
  EXPECT_TRUE(contains(text, "Commands:")) << text;
  EXPECT_TRUE(contains(text, "legal moves:\n")) << text;
  EXPECT_TRUE(contains(text, "  b6  R: b5")) << text;
  EXPECT_TRUE(contains(text, "Opponent's last search: 1001 iterations, its win rate 25.0%")) << text;
  EXPECT_TRUE(contains(text, "you  b6-b5")) << text;
  EXPECT_TRUE(contains(text, "Game over: 0-1 by resign. You lost.")) << text;
}

// The random bot reporting win rates from a script, one per move (the last repeated): what
// a draw offer is judged by.
class WinrateBot final : public search::Bot {
 public:
  explicit WinrateBot(std::vector<double> rates) : rates_(std::move(rates)) {}
  void new_game(Color side, const Rules& rules, uint64_t seed) override { inner_.new_game(side, rules, seed); }
  Deployment deploy() override { return inner_.deploy(); }
  Move choose_move(const View& view, const search::Limits& limits) override {
    rate_ = rates_[std::min(moves_++, rates_.size() - 1)];
    return inner_.choose_move(view, limits);
  }
  search::SearchInfo last_info() const override { return {100, rate_, ""}; }

 private:
  search::RandomBot inner_;
  std::vector<double> rates_;
  std::size_t moves_ = 0;
  double rate_ = -1;
};

// `undo` before any move is refused; after b6-b5 and the reply it takes both back (the
// record and the board go back to the start); a draw offer is declined while the bot's
// last search saw a win (0.7) and accepted once it saw less than a draw (0.4).
TEST(HumanPlayer, UndoTakesBackTheMoveAndTheReplyAndADrawOfferFollowsTheBotsValue) {
  std::istringstream in("undo\nb6-b5\nundo\ndraw\nb6-b5\nb5-b6\ndraw\n");
  std::ostringstream out;
  runner::BotSeat bot(std::make_unique<runner::BotPlayer>("scripted", std::make_unique<WinrateBot>(
                                                                          std::vector<double>{0.7, 0.7, 0.4})),
                      runner::parse_time_control("iterations=10"));
  runner::HumanOptions options;
  options.style.ascii = true;
  options.deployment = std::string(kSampleDeployment);
  runner::HumanPlayer human(in, out, options);
  runner::GameSetup setup;
  setup.seed = 5;
  setup.takebacks_and_draw_offers = true;
  const runner::GameRecord record = runner::play_game(human, bot, setup);
  const std::string text = out.str();

  EXPECT_EQ(record.result, "1/2-1/2") << text;
  EXPECT_EQ(record.reason, "agreement") << text;
  // b6-b5 and reply taken back; then b6-b5, reply (0.7: offer declined), b5-b6, reply (0.4).
  ASSERT_EQ(record.moves.size(), 4u) << text;
  EXPECT_EQ(move_string(record.moves[0].move), "b6-b5");
  EXPECT_EQ(move_string(record.moves[2].move), "b5-b6");
  EXPECT_NO_THROW(runner::replay(record));
  EXPECT_TRUE(contains(text, "Nothing to take back")) << text;
  EXPECT_TRUE(contains(text, "Took back your last move and the bot's reply.")) << text;
  EXPECT_TRUE(contains(text, "The bot declines your draw offer.")) << text;
  EXPECT_TRUE(contains(text, "The bot accepts your draw offer.")) << text;
  EXPECT_TRUE(contains(text, "Game over: 1/2-1/2 by agreement. A draw.")) << text;
  EXPECT_LT(text.find("Nothing to take back"), text.find("Took back"));
  EXPECT_LT(text.find("Took back"), text.find("declines"));

  // Without a person's requests allowed (tournaments), `undo` is not a move: a fault.
  std::istringstream in2("undo\n");
  std::ostringstream out2;
  runner::HumanPlayer human2(in2, out2, options);
  runner::BotSeat bot2 = reporting_bot();
  runner::GameSetup plain;
  const runner::GameRecord faulted = runner::play_game(human2, bot2, plain);
  EXPECT_EQ(faulted.result, "0-1");
  EXPECT_EQ(faulted.reason, "protocol");
}

// The flip game takes back too: the layout is dealt again from the same seed and the
// flips replayed, so the board is the one before the human's flip.
TEST(HumanPlayer, UndoInTheFlipGameRestoresTheFaceDownBoard) {
  std::istringstream in("b7\nundo\nresign\n");
  std::ostringstream out;
  runner::BotPlayer bot("random", std::make_unique<search::RandomBot>());
  runner::HumanOptions options;
  options.style.ascii = true;
  runner::HumanPlayer human(in, out, options);
  runner::GameSetup setup;
  setup.seed = 9;
  setup.rules.set("kind", "flip");
  setup.takebacks_and_draw_offers = true;
  const runner::GameRecord record = runner::play_game(human, bot, setup);
  const std::string text = out.str();
  EXPECT_TRUE(contains(text, "Took back your last move and the bot's reply.")) << text;
  EXPECT_EQ(record.moves.size(), 0u) << text;
  EXPECT_EQ(record.reason, "resign");
  EXPECT_EQ(record.red, "human");  // back to before the colours were given: seats by order
  EXPECT_NO_THROW(runner::replay_flip(record));
}

// The bot's reply ends the game (max_plies = 2): the human still reads that reply and
// sees the board after it before "Game over".
TEST(HumanPlayer, TheMoveThatEndsTheGameIsShown) {
  std::istringstream in("b6-b5\n");
  std::ostringstream out;
  runner::BotSeat bot = reporting_bot();
  runner::HumanOptions options;
  options.style.ascii = true;
  options.deployment = std::string(kSampleDeployment);
  runner::HumanPlayer human(in, out, options);
  runner::GameSetup setup;
  setup.seed = 5;
  setup.rules.set("max_plies", "2");
  const runner::GameRecord record = runner::play_game(human, bot, setup);
  const std::string text = out.str();
  ASSERT_EQ(record.moves.size(), 2u) << text;
  EXPECT_EQ(record.reason, "max-plies");
  const std::string after = text.substr(text.find("You play b6-b5."));
  // "they e7-e8", or for a fight "they e7xe6: ...": the reply's from-square either way.
  const std::string reply = "they " + square_name(from_sq(record.moves[1].move));
  EXPECT_TRUE(contains(after, reply)) << text;
  EXPECT_LT(after.find(reply), after.find("last move " + move_string(record.moves[1].move))) << text;
  EXPECT_LT(after.find("last move " + move_string(record.moves[1].move)), after.find("Game over: 1/2-1/2 by max-plies"))
      << text;
}

// One way to write a piece in letters: as the board draws it, Blue's lowercase.
TEST(BoardText, PieceLabelsFollowTheBoardsCase) {
  const runner::BoardStyle ascii{true, false}, chinese{false, false};
  EXPECT_EQ(runner::piece_label(make_piece(kRed, kRegiment), ascii), "T");
  EXPECT_EQ(runner::piece_label(make_piece(kBlue, kRegiment), ascii), "t");
  EXPECT_EQ(runner::piece_label(make_piece(kBlue, kRegiment), chinese), "团长");
  EXPECT_EQ(runner::piece_label(make_piece(kRed, kRegiment), chinese), "团长");
}

// `belief` at the start: every enemy piece listed; a Flag stands only in a headquarters
// (RULES.md §3), so only b12 and d12 may be a Flag. `hint` names a legal move.
TEST(HumanPlayer, BeliefAndHintAtTheStart) {
  std::istringstream in("belief\nhint\nresign\n");
  std::ostringstream out;
  runner::BotSeat bot = reporting_bot();
  runner::HumanOptions options;
  options.style.ascii = true;
  options.deployment = std::string(kSampleDeployment);
  options.hint_bot = "greedy";
  runner::HumanPlayer human(in, out, options);
  runner::GameSetup setup;
  setup.seed = 2;
  const runner::GameRecord record = runner::play_game(human, bot, setup);
  const std::string text = out.str();
  std::istringstream lines(text.substr(text.find("What each enemy piece can still be")));
  std::string line;
  std::getline(lines, line);
  int listed = 0;
  while (std::getline(lines, line) && line.rfind("  ", 0) == 0) {
    ++listed;
    const std::string square = line.substr(2, line.find(' ', 2) - 2);
    const bool hq = square == "b12" || square == "d12";
    EXPECT_EQ(contains(line, " f "), hq) << line;
  }
  EXPECT_EQ(listed, 25) << text;
  const size_t at = text.find("Hint: ");
  ASSERT_NE(at, std::string::npos) << text;
  const std::string hinted = text.substr(at + 6, text.find(' ', at + 6) - at - 6);
  const Position start = start_position(parse_legal_deployment(record.red_deployment, kRed),
                                        parse_legal_deployment(record.blue_deployment, kBlue), Rules{});
  EXPECT_TRUE(is_legal(start, parse_move(hinted))) << hinted;
}

TEST(HumanPlayer, EndOfInputResignsEvenWhileDeploying) {
  for (const bool deploy_given : {true, false}) {
    std::istringstream in("");
    std::ostringstream out;
    runner::HumanOptions options;
    if (deploy_given) options.deployment = "random";
    runner::HumanPlayer human(in, out, options);
    runner::BotPlayer bot("random", std::make_unique<search::RandomBot>());
    const runner::GameRecord record = runner::play_game(bot, human, runner::GameSetup{});
    EXPECT_EQ(record.reason, "resign") << out.str();
    EXPECT_EQ(record.result, "1-0");  // the human (Blue) lost
    EXPECT_FALSE(record.blue_deployment.empty());
    EXPECT_TRUE(contains(out.str(), "End of input: you resign.")) << out.str();
  }
}

TEST(HumanPlayer, DeploymentPromptRejectsAnIllegalOneThenTakesALegalOne) {
  const std::string flag_on_a1 = "FLLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC";
  std::istringstream in(std::string("ok\nnosuch\n") + flag_on_a1 + "\n99\n" + std::string(kSampleDeployment) +
                        "\nok\n");
  std::ostringstream out;
  runner::HumanPlayer human(in, out);
  const auto deadline = runner::SteadyClock::now() + std::chrono::seconds(60);
  ASSERT_TRUE(human.new_game(kRed, Rules{}, 1, deadline).ok());
  const auto a = human.deploy(deadline);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a.value, kSampleDeployment);
  const std::string text = out.str();
  EXPECT_TRUE(contains(text, "unknown deployment 'nosuch'")) << text;
  EXPECT_TRUE(contains(text, "Illegal deployment:")) << text;
  EXPECT_TRUE(contains(text, "the Flag must stand in a headquarters, not on a1")) << text;
  EXPECT_TRUE(contains(text, "There is no deployment 99")) << text;
  EXPECT_TRUE(contains(text, "Choose a deployment first.")) << text;  // `ok` before any choice
}

// The chosen deployment is drawn before it is confirmed; two pieces swapped by their
// squares (a1 Landmine and b1 Flag of the sample: the Flag moves to a1, outside a
// headquarters, refused), a legal swap (a1 Landmine, e1 Engineer on the back rank), saved
// under a name and found again by that name.
TEST(HumanPlayer, DeploymentPromptPreviewsSwapsAndSaves) {
  const std::string data = testing::TempDir() + "junqi-data";
  ::setenv("XDG_DATA_HOME", data.c_str(), 1);
  std::filesystem::remove_all(data);
  std::istringstream in(std::string(kSampleDeployment) +
                        "\nswap a1 b1\nswap a1 z9\nswap a1 e1\nsave ../x\nsave mine\nok\n");
  std::ostringstream out;
  runner::HumanOptions options;
  options.style.ascii = true;
  options.style.color = false;
  runner::HumanPlayer human(in, out, options);
  const auto deadline = runner::SteadyClock::now() + std::chrono::seconds(60);
  ASSERT_TRUE(human.new_game(kRed, Rules{}, 1, deadline).ok());
  const auto a = human.deploy(deadline);
  ASSERT_TRUE(a.ok());
  // The sample with its first and fifth back-rank pieces exchanged: LFLPE -> EFLPL.
  const std::string swapped = "EFLPL/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC";
  EXPECT_EQ(a.value, swapped);
  const std::string text = out.str();
  EXPECT_TRUE(contains(text, "Cannot swap: the Flag must stand in a headquarters, not on a1")) << text;
  EXPECT_TRUE(contains(text, "Cannot swap: 'z9' is not a square of your half (ranks 1 to 6)")) << text;
  EXPECT_TRUE(contains(text, "Not saved: cannot save as '../x'")) << text;
  EXPECT_TRUE(contains(text, "Saved as mine")) << text;
  EXPECT_TRUE(contains(text, "Your deployment: " + swapped)) << text;
  EXPECT_NE(text.find("Type ok to play it"), text.rfind("Type ok to play it")) << text;  // after each change
  EXPECT_TRUE(contains(text, "Red uppercase, Blue lowercase")) << text;                  // drawn as a board
  Rng rng(1);
  EXPECT_EQ(runner::resolve_deployment("mine", kRed, rng), swapped);
  const auto saved = runner::saved_deployments();
  ASSERT_EQ(saved.size(), 1u);
  EXPECT_EQ(saved[0].name, "mine");
  ::unsetenv("XDG_DATA_HOME");
}

TEST(HumanPlayer, DeploymentMenuOffersTheShippedOnesByNumber) {
  const auto shipped = runner::shipped_deployments();
  ASSERT_GE(shipped.size(), 3u);
  for (const auto& d : shipped) {
    EXPECT_NO_THROW(parse_legal_deployment(d.text)) << d.name;
    EXPECT_FALSE(d.description.empty()) << d.name << " has no # description line";
  }
  std::istringstream in("2\nok\n");
  std::ostringstream out;
  runner::HumanPlayer human(in, out);
  const auto deadline = runner::SteadyClock::now() + std::chrono::seconds(60);
  human.new_game(kBlue, Rules{}, 1, deadline);
  const auto a = human.deploy(deadline);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a.value, deployment_string(parse_deployment(shipped[1].text)));
  EXPECT_TRUE(contains(out.str(), shipped[0].description)) << out.str();
  // The letter key names every piece in Chinese too.
  EXPECT_TRUE(contains(out.str(), "Letters: M 司令 G 军长")) << out.str();
  EXPECT_TRUE(contains(out.str(), "F 军旗; + a camp")) << out.str();
}

TEST(HumanPlayer, DeploymentSpecsResolve) {
  Rng rng(1);
  EXPECT_EQ(runner::resolve_deployment("sample", kRed, rng), kSampleDeployment);
  EXPECT_EQ(runner::resolve_deployment(std::string(kSampleDeployment), kBlue, rng), kSampleDeployment);
  EXPECT_NO_THROW(parse_legal_deployment(runner::resolve_deployment("random", kRed, rng)));
  const std::string path = testing::TempDir() + "mine.txt";
  std::ofstream(path) << "# my own\n\n" << kSampleDeployment << "\nnot read\n";
  EXPECT_EQ(runner::resolve_deployment(path, kRed, rng), kSampleDeployment);
  EXPECT_THROW(runner::resolve_deployment("LFLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDB", kRed, rng), Error);
  EXPECT_THROW(runner::resolve_deployment("nosuch", kRed, rng), Error);
}

// Rank rows of a drawing without colour codes: the rank label cut off, so file letters
// and the legend (which use piece letters as words) are not counted.
std::vector<std::string> rank_rows(const std::string& drawing) {
  std::string plain;
  for (size_t i = 0; i < drawing.size(); ++i) {
    if (drawing[i] == '\x1b')
      i = drawing.find('m', i);  // ESC [ ... m
    else
      plain += drawing[i];
  }
  std::vector<std::string> rows;
  std::istringstream lines(plain);
  std::string line;
  while (std::getline(lines, line))
    if (line.size() > 3 && (std::isdigit(static_cast<unsigned char>(line[1])) != 0))
      rows.push_back(line.substr(3));
  return rows;
}

int count_of(const std::string& text, const std::string& part) {
  int n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

// A dark game's view after random moves: the board shows only own pieces by name, every
// enemy piece as '?', in letters and in Chinese, in colour or not.
TEST(HumanPlayer, DarkBoardNeverNamesAnEnemyPiece) {
  Rng rng(11);
  const Deployment red = random_deployment(rng), blue = random_deployment(rng);
  Position pos = start_position(red, blue);
  View view(kRed, red, Rules{});
  for (int ply = 0; ply < 60; ++ply) {
    MoveList list;
    generate(pos, list);
    if (list.size == 0 || !pos.has_flag(kRed) || !pos.has_flag(kBlue)) break;
    const Move m = list.moves[rng.below(uint64_t(list.size))];
    Position::Undo undo;
    const Outcome o = pos.make(m, undo);
    view.apply(Token::of_move(m, o));
  }
  const int enemies = popcount(pos.pieces(kBlue));
  for (const bool color : {false, true}) {
    std::string rows;
    for (const auto& row : rank_rows(runner::draw_board(view, {true, color}))) rows += row;
    EXPECT_EQ(count_of(rows, "?"), enemies) << rows;
    for (char c : std::string("mgdrtycpeblfx"))
      EXPECT_EQ(rows.find(c), std::string::npos) << c << " in\n" << rows;
    rows.clear();
    for (const auto& row : rank_rows(runner::draw_board(view, {false, color}))) rows += row;
    EXPECT_EQ(count_of(rows, "？"), enemies) << rows;
    int names = 0;
    for (int t = 0; t < kPieceTypes; ++t)
      names += count_of(rows, std::string(runner::chinese_name(PieceType(t))));
    EXPECT_EQ(names, popcount(pos.pieces(kRed))) << rows;
  }
}

TEST(HumanPlayer, FightsAreToldInTheHumansWords) {
  const Deployment d = parse_legal_deployment(kSampleDeployment);
  View view(kRed, d, Rules{});
  auto move = [](const char* text) { return parse_move(text); };
  view.apply(Token::of_move(move("c6-c7"), Outcome::kDefenderWins));  // our 排长 attacks and dies
  view.apply(Token::of_move(move("a7-a6"), Outcome::kAttackerWins));  // they take our 工兵
  view.apply(Token::of_move(move("b6-b5"), Outcome::kQuiet));
  view.apply(Token::of_move(move("a6-a5"), Outcome::kBothDie));  // their piece and our 营长
  const auto lines = runner::describe_plies(view, 0, {});
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "you  c6xc7: your 排长 was lost");
  EXPECT_EQ(lines[1], "they a7xa6: your 工兵 was lost");
  EXPECT_EQ(lines[2], "you  b6-b5");
  EXPECT_EQ(lines[3], "they a6xa5: your 营长 and the enemy piece both fell");
  EXPECT_EQ(runner::describe_plies(view, 3, {true, false}).front(),
            "they a6xa5: your Y and the enemy piece both fell");
  // The last move's squares are highlighted (reverse video) only when drawing in colour.
  EXPECT_TRUE(contains(runner::draw_board(view, {false, true}), "\x1b[7m"));
  EXPECT_FALSE(contains(runner::draw_board(view, {false, false}), "\x1b["));
}

struct CommandResult {
  int status;
  std::string out;
};

CommandResult run(const std::string& command_line) {
  FILE* pipe = popen((command_line + " 2>&1").c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  while (size_t n = fread(buf.data(), 1, buf.size(), pipe)) out.append(buf.data(), n);
  const int status = pclose(pipe);
  return {WEXITSTATUS(status), out};
}

TEST(HumanPlayCli, ResignFromAPipe) {
  const CommandResult r =
      run(std::string("echo resign | ") + JUNQI_BINARY + " play --deployment random --ascii");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "result 0-1  resign")) << r.out;
  EXPECT_FALSE(contains(r.out, "\x1b[")) << "colour into a pipe";
}

// The rules in force are said before the game: the options off their defaults, given by a
// shipped rules file and --rule, or that the standard rules apply.
TEST(HumanPlayCli, SaysTheRulesInForceAtTheStart) {
  const CommandResult standard =
      run(std::string("echo resign | ") + JUNQI_BINARY + " play --deployment random --ascii --bot random");
  EXPECT_TRUE(contains(standard.out, "Rules: the standard rules (every option at its default)."))
      << standard.out;
  const CommandResult house = run(std::string("echo resign | ") + JUNQI_BINARY +
                                  " play --deployment random --ascii --bot random --rules immobile-at-once"
                                  " --rule bomb_flies=true --rule mine=all-die");
  EXPECT_EQ(house.status, 0) << house.out;
  EXPECT_TRUE(
      contains(house.out,
               "Rules: mine = all-die, bomb_flies = true, immobile = at-once; every other option at its "
               "default."))
      << house.out;
}

TEST(HumanPlayCli, BlueWithAShippedDeploymentWritesTheRecord) {
  const std::string path = testing::TempDir() + "human_play.jsonl";
  std::remove(path.c_str());
  const CommandResult r = run(std::string(JUNQI_BINARY) +
                              " play --side blue --deployment fortress --seed 3 --bot random"
                              " --tc iterations=5 --out " +
                              path + " </dev/null");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "result 1-0  resign")) << r.out;
  const auto records = runner::read_records(path);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].blue_deployment,
            runner::read_deployment_file(JUNQI_SOURCE_DIR "/configs/deployments/fortress.txt").text);
  EXPECT_EQ(records[0].moves.size(), 1u);  // Red's first move, then end of input resigned
  EXPECT_NO_THROW(runner::replay(records[0]));
}

TEST(HumanPlayCli, BadDeploymentIsAnErrorBeforeTheGame) {
  const CommandResult r =
      run(std::string(JUNQI_BINARY) + " play --deployment LFLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDB </dev/null");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "junqi: error: illegal deployment")) << r.out;
}

}  // namespace

namespace {

// The human acts first: every square face down (50 '#' on the first board, no piece
// letter), wrong inputs explained, `b7` flips, then resigns.
TEST(HumanPlayer, FlipGameFlipsBySquareAndExplainsWhatItCannotDo) {
  std::istringstream in("c4\na6-a7\nhello\nmoves\nb7\nresign\n");
  std::ostringstream out;
  runner::HumanOptions options;
  options.style.ascii = true;
  runner::HumanPlayer human(in, out, options);
  runner::BotPlayer bot("random", std::make_unique<search::RandomBot>());
  runner::GameSetup setup;
  setup.seed = 9;
  setup.rules.set("kind", "flip");
  const runner::GameRecord record = runner::play_game(human, bot, setup);
  const std::string text = out.str();

  EXPECT_EQ(record.reason, "resign") << text;
  ASSERT_EQ(record.moves.size(), 2u) << text;
  EXPECT_EQ(move_string(record.moves[0].move), "b7^");
  EXPECT_NO_THROW(runner::replay_flip(record));
  // The human's colour is the colour of the piece the first flip turned up (first-engineer
  // may leave it unassigned; then the first player counts as Red): resigning loses it.
  const FlipPosition after = runner::replay_flip(record);
  const Color human_colour = after.colours_assigned() ? after.player_colour(0) : kRed;
  EXPECT_EQ(record.result, human_colour == kRed ? "0-1" : "1-0") << text;
  EXPECT_TRUE(contains(text, "Game over: " + record.result + " by resign. You lost.")) << text;

  const size_t top = text.find("\n12 ");
  ASSERT_NE(top, std::string::npos) << text;
  const std::string first_board = text.substr(top, text.find("#: face down") - top);
  int face_down = 0, letters = 0;
  for (char c : first_board) face_down += c == '#', letters += std::isupper(static_cast<unsigned char>(c)) != 0;
  EXPECT_EQ(face_down, 50) << first_board;
  EXPECT_EQ(letters, 0) << first_board;
  EXPECT_TRUE(contains(text, "flip: c4 holds no face-down piece")) << text;
  EXPECT_TRUE(contains(text, "move: nothing may move before a flip gives the colours")) << text;
  EXPECT_TRUE(contains(text, "Unknown command 'hello'")) << text;
  EXPECT_TRUE(contains(text, "50 flips:")) << text;
  EXPECT_TRUE(contains(text, "you  flipped b7: " + std::string(color_of(record.moves[0].turned_up) == kRed ? "Red " : "Blue ") +
                                 std::string(1, piece_char(record.moves[0].turned_up))))
      << text;
}

TEST(HumanPlayCli, FlipGameFromAPipeWritesAReplayableRecord) {
  const std::string path = testing::TempDir() + "human_flip.jsonl";
  std::remove(path.c_str());
  const CommandResult r = run(std::string("printf 'b7\\n' | ") + JUNQI_BINARY +
                              " play --rule kind=flip --bot random --seed 4 --ascii --out " + path);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "New flip game")) << r.out;
  EXPECT_TRUE(contains(r.out, "The whole board at the end:")) << r.out;
  const auto records = runner::read_records(path);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].reason, "resign");
  EXPECT_NO_THROW(runner::replay_flip(records[0]));
}

}  // namespace
