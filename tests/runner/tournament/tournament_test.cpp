// Tournaments: results independent of concurrency, resuming a tournament killed with
// SIGKILL, merging shards (the schedule is in tournament_schedule_test.cpp).
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/notation.h"
#include "runner/game/replay.h"
#include "runner/game/text.h"
#include "runner/tournament/tournament_config.h"
#include "runner/tournament/tournament_records.h"
#include "runner/tournament/tournament_report.h"
#include "runner/tournament/tournament_resume.h"
#include "runner/tournament/tournament_runner.h"
#include "runner/tournament/tournament_schedule.h"
#include "runner/tournament/tournament_scores.h"
#include "tests/support/error_text.h"
#include "tests/support/junqi_process.h"
#include "tests/support/tournament_configs.h"

namespace {

using namespace junqi;
using namespace junqi::runner;
using testing_support::config_of;
using testing_support::contains;
using testing_support::error_of;

std::string temp_file(const std::string& name) {
  const std::string path = testing::TempDir() + name;
  std::remove(path.c_str());
  return path;
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
}

int count_lines(const std::string& path) {
  std::ifstream in(path);
  int n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

TEST(TournamentConfig, ReadsAFileAndNamesFileLineAndKeyInErrors) {
  const auto config = load_tournament_config(JUNQI_SOURCE_DIR "/configs/tournaments/default.toml");
  EXPECT_EQ(config.players.size(), 6u);
  EXPECT_EQ(config.format, TournamentFormat::kRoundRobin);

  const std::string path = temp_file("bad_tournament.toml");
  write_file(path, "pairs = 2\nrounds = \"many\"\n[[players]]\nspec = \"random\"\n[[players]]\nspec = \"greedy\"\n");
  try {
    load_tournament_config(path);
    FAIL() << "no error";
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find(path + ":2: rounds"), std::string::npos) << e.what();
  }
  write_file(path, "[[players]]\nspec = \"random\"\ntc = \"iterations=x\"\n[[players]]\nspec = \"greedy\"\n");
  try {
    load_tournament_config(path);
    FAIL() << "no error";
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find(path + ":3: players.tc"), std::string::npos) << e.what();
  }
  write_file(path, "[[players]]\nspec = \"random\"\n[[players]]\nspec = \"random\"\n");
  EXPECT_THROW(load_tournament_config(path), engine::Error);  // two players named random
}

TEST(TournamentConfig, FlipTournamentsTakeNoBookAndNoContestPrograms) {
  const auto shipped = load_tournament_config(JUNQI_SOURCE_DIR "/configs/tournaments/flip.toml");
  EXPECT_EQ(shipped.rules.kind, engine::GameKind::kFlip);
  const std::string path = temp_file("flip_tournament.toml");
  write_file(path, "rules = \"flip\"\n[[players]]\nspec = \"random\"\n[[players]]\nname = \"c\"\nspec = \"contest:./bot\"\n");
  EXPECT_PRED2(contains, error_of([&] { load_tournament_config(path); }),
               "players: 'c' speaks the contest protocol, which has no flips");
  const std::string book = temp_file("flip_book.txt");
  write_file(book, std::string(engine::kSampleDeployment) + "\n");
  write_file(path, "rules = \"flip\"\nbook = \"" + book + "\"\n[[players]]\nspec = \"random\"\n[[players]]\nspec = \"greedy\"\n");
  EXPECT_PRED2(contains, error_of([&] { load_tournament_config(path); }), "book: the flip game deals random layouts");
}

// A name longer than the system accepts (found by fuzzing) is a missing file, not a crash.
TEST(TournamentConfig, AnOverlongFileNameIsAMissingFile) {
  const std::string path = temp_file("overlong_tournament.toml");
  const std::string name(5000, 'x');
  write_file(path, "rules = \"" + name + "\"\n[[players]]\nspec = \"random\"\n[[players]]\nspec = \"greedy\"\n");
  EXPECT_PRED2(contains, error_of([&] { load_tournament_config(path); }), ":1: rules: no rules file");
  write_file(path, "book = \"" + name + "\"\n[[players]]\nspec = \"random\"\n[[players]]\nspec = \"greedy\"\n");
  EXPECT_PRED2(contains, error_of([&] { load_tournament_config(path); }), "cannot read deployment book");
}

std::map<std::string, std::string> play(const TournamentConfig& config, int concurrency) {
  std::map<std::string, std::string> games;  // id -> deployments, moves and result
  std::mutex mutex;
  run_games(config, Schedule(config), {}, concurrency, [&](const ScheduledGame& g, const GameRecord& r) {
    std::string text = cat({r.red, " ", r.blue, " ", r.red_deployment, " ", r.blue_deployment});
    for (const auto& m : r.moves) text += cat({" ", engine::annotated_move(m.move, m.outcome)});
    std::lock_guard lock(mutex);
    games[g.id] = cat({text, " ", r.result, " ", r.reason});
  });
  return games;
}

TEST(TournamentRunner, ConcurrencyDoesNotChangeTheGames) {
  auto config = config_of({"random", "greedy", "pimc"}, TournamentFormat::kRoundRobin, 1, 1);
  config.players[2].tc = parse_time_control("iterations=8");  // a player's own time control
  const auto one = play(config, 1), two = play(config, 2);
  ASSERT_EQ(one.size(), 6u);
  EXPECT_EQ(one, two);
}

// A flip tournament: both games of a pair deal the same layout with the seats swapped,
// every record replays, scores count seats (not colours, which the flips deal), and a
// resume from the records finds nothing left.
TEST(TournamentFlip, PairsShareTheLayoutRecordsReplayAndScoresCountSeats) {
  auto config = config_of({"random", "greedy"}, TournamentFormat::kRoundRobin, 1, 3);
  config.rules.set("kind", "flip");
  const Schedule schedule(config);
  std::map<int64_t, GameRecord> records;
  std::mutex mutex;
  run_games(config, schedule, {}, 2, [&](const ScheduledGame& g, const GameRecord& r) {
    std::lock_guard lock(mutex);
    records[g.index] = r;
  });
  ASSERT_EQ(records.size(), 6u);
  ScoreBoard board(2);
  std::vector<GameRecord> all;
  for (const auto& [index, r] : records) {
    const ScheduledGame g = schedule.game(index);
    EXPECT_NO_THROW(replay_flip(r)) << r.id;
    if (index % 2 == 1) {
      EXPECT_EQ(r.layout, records[index - 1].layout) << "pair " << g.pair;
      EXPECT_EQ(r.players()[0], records[index - 1].players()[1]);
    }
    // The seat's player is named under the colour the replay gives that seat.
    const engine::FlipPosition final = replay_flip(r);
    const engine::Color first = final.colours_assigned() ? final.player_colour(0) : engine::kRed;
    EXPECT_EQ(first == engine::kRed ? r.red : r.blue, config.players[g.players[0]].name) << r.id;
    board.add(g, r);
    all.push_back(r);
  }
  EXPECT_NE(records[0].layout, records[2].layout);
  // greedy's points: its seat's points in every game, counted by hand from the records.
  double greedy = 0;
  for (const auto& [index, r] : records) {
    const ScheduledGame g = schedule.game(index);
    const int seat = g.players[0] == 1 ? 0 : 1;
    const engine::Color colour = seat == 0 ? r.first_colour : ~r.first_colour;
    greedy += r.result == "1/2-1/2" ? 0.5 : (r.result == "1-0") == (colour == engine::kRed) ? 1.0 : 0.0;
  }
  EXPECT_DOUBLE_EQ(board.total(1).wins + 0.5 * board.total(1).draws, greedy);
  EXPECT_EQ(plan_resume(config, schedule, all).left, 0);
}

// Faults are charged to the seat that lost by them and move times to the seat that moved
// (seat 0 first): counted by hand from two made-up records, one a flip game in which the
// first seat played Blue.
TEST(ScoreBoard, ConductCountsFaultsAndMoveTimesBySeat) {
  ScoreBoard board(2);
  ScheduledGame g;
  g.players = {0, 1};
  GameRecord dark;
  dark.result = "0-1";
  dark.reason = "time";
  for (int64_t ms : {10, 20, 30}) dark.moves.push_back({engine::kNullMove, engine::Outcome::kQuiet, engine::kNoPiece, engine::kNoPiece, ms});
  board.add(g, dark);
  g.players = {1, 0};
  g.pair = 1;
  GameRecord flip = dark;
  flip.first_colour = engine::kBlue;  // seat 0 (player 1) is Blue and loses the 1-0 by crash
  flip.result = "1-0";
  flip.reason = "crash";
  board.add(g, flip);
  // Player 0: seat 0 of game 1 (plies 10, 30), seat 1 of game 2 (ply 20).
  EXPECT_EQ(board.conduct(0).moves, 3);
  EXPECT_EQ(board.conduct(0).total_ms, 60);
  EXPECT_EQ(board.conduct(0).max_ms, 30);
  EXPECT_EQ(board.conduct(1).moves, 3);
  EXPECT_DOUBLE_EQ(board.conduct(1).average_ms(), 20.0);
  EXPECT_EQ(board.conduct(0).faults, (std::map<std::string, int>{{"time", 1}}));
  EXPECT_EQ(board.conduct(1).faults, (std::map<std::string, int>{{"crash", 1}}));
  EXPECT_EQ(board.total(0).wins, 1);  // it won the flip game as Red
}

using testing_support::spawn_junqi;
using testing_support::wait_exit;

TEST(TournamentResume, KilledMidwayThenResumedPlaysEachGameOnce) {
  const std::string config_path = temp_file("resume.toml"), out = temp_file("resume.jsonl");
  write_file(config_path,
             "pairs = 200\nseed = 3\n"
             "[[players]]\nname = \"r1\"\nspec = \"random\"\n[[players]]\nname = \"r2\"\nspec = \"random\"\n");
  const std::vector<std::string> args{"tournament", "--config", config_path, "--concurrency", "2"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> all = args;
    all.insert(all.end(), extra.begin(), extra.end());
    return all;
  };
  const pid_t pid = spawn_junqi(with({"--out", out}));
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (count_lines(out) < 10 && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  kill(pid, SIGKILL);
  EXPECT_EQ(wait_exit(pid), -SIGKILL);
  const int before = count_lines(out);
  ASSERT_GE(before, 10);
  ASSERT_LT(before, 400) << "finished before the kill; the test needs slower games";
  {  // a write the kill cut short
    std::ofstream torn(out, std::ios::app);
    torn << R"({"id":"999","seed":1,"rul)";
  }
  EXPECT_NE(wait_exit(spawn_junqi(with({"--out", out}))), 0);  // refuses to append to a used file
  EXPECT_EQ(wait_exit(spawn_junqi(with({"--resume", out}))), 0);

  const auto records = read_records(out);
  TournamentConfig config = load_tournament_config(config_path);
  const Schedule schedule(config);
  ASSERT_EQ(schedule.size(), 400);
  std::map<std::string, int> seen;
  for (const auto& r : records) {
    ++seen[r.id];
    EXPECT_NO_THROW(replay(r)) << "game " << r.id;
  }
  for (int64_t i = 0; i < schedule.size(); ++i) EXPECT_EQ(seen[schedule.game(i).id], 1) << "game " << i + 1;
  EXPECT_EQ(int64_t(records.size()), schedule.size());
  EXPECT_EQ(plan_resume(config, schedule, records).left, 0);
}

using testing_support::read_file;

// Every record a whole game of this tournament's schedule, each once; returns how many.
size_t check_whole_games(const std::string& config_path, const std::string& out) {
  const auto records = read_records(out);  // throws on a partial line
  const TournamentConfig config = load_tournament_config(config_path);
  const auto plan = plan_resume(config, Schedule(config), records);  // throws on a stranger or a twin
  EXPECT_EQ(plan.finished.size(), records.size());
  for (const auto& r : records) EXPECT_NO_THROW(replay(r)) << "game " << r.id;
  return records.size();
}

TEST(TournamentSprt, StopsOnceH1IsAcceptedAndAResumeSaysSo) {
  const std::string config_path = temp_file("sprt.toml"), out = temp_file("sprt.jsonl"),
                    log = temp_file("sprt.log");
  write_file(config_path,
             "pairs = 100\nseed = 5\ntc = \"iterations=30\"\n"
             "[[players]]\nspec = \"greedy\"\n[[players]]\nspec = \"random\"\n");
  const std::vector<std::string> args{"tournament", "--config", config_path, "--concurrency", "2",
                                      "--sprt", "elo0=0 elo1=200 alpha=0.05 beta=0.05"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> all = args;
    all.insert(all.end(), extra.begin(), extra.end());
    return all;
  };
  ASSERT_EQ(wait_exit(spawn_junqi(with({"--out", out}), log)), 0) << read_file(log);
  const std::string text = read_file(log);
  EXPECT_NE(text.find("SPRT: H1 accepted: LLR "), std::string::npos) << text;
  const size_t games = check_whole_games(config_path, out);
  EXPECT_GE(games, 4u);
  EXPECT_LT(games, 60u) << "of 200 planned";
  const std::string summary = read_file(summary_json_path(out));
  EXPECT_NE(summary.find("\"decision\": \"H1\""), std::string::npos) << summary;
  EXPECT_TRUE(read_file(csv_path(out)).starts_with("player,games,wins,draws,losses,score,elo,elo_lo,elo_hi\ngreedy,"));

  ASSERT_EQ(wait_exit(spawn_junqi(with({"--resume", out}), log)), 0) << read_file(log);
  EXPECT_NE(read_file(log).find("SPRT already decided (H1 accepted"), std::string::npos) << read_file(log);
  EXPECT_EQ(check_whole_games(config_path, out), games);  // nothing played
}

TEST(TournamentFaults, CrashedAndHungProgramsLoseTheirGamesAndTheTournamentFinishes) {
  const std::string mock = std::string("jqp:sh '") + JUNQI_SOURCE_DIR + "/tests/mocks/mock_bot.sh' ";
  const std::string config_path = temp_file("faults.toml"), out = temp_file("faults.jsonl"),
                    log = temp_file("faults.log");
  write_file(config_path, cat({"format = \"gauntlet\"\npairs = 1\ntc = \"movetime=200\"\nstartup_ms = 2000\n"
                               "margin_ms = 100\nlog = \"", temp_file("faults.programs.log"), "\"\n",
                               "[[players]]\nspec = \"random\"\n",
                               "[[players]]\nname = \"crasher\"\nspec = \"", mock, "exit\"\n",
                               "[[players]]\nname = \"hanger\"\nspec = \"", mock, "hang\"\n"}));
  ASSERT_EQ(wait_exit(spawn_junqi({"tournament", "--config", config_path, "--out", out, "--concurrency", "2"}, log)),
            0)
      << read_file(log);
  EXPECT_EQ(check_whole_games(config_path, out), 4u) << read_file(log);  // every planned game, each once
  for (const GameRecord& r : read_records(out)) {
    const bool random_red = r.red == "random";
    const std::string& loser = random_red ? r.blue : r.red;
    EXPECT_EQ(r.result, random_red ? "1-0" : "0-1") << r.id << " " << r.detail;
    EXPECT_EQ(r.reason, loser == "crasher" ? "crash" : "time") << r.id << " " << r.detail;
  }
}

TEST(TournamentFlags, ATournamentFromFlagsAloneAndFlagsOverAFile) {
  const std::string out = temp_file("flags.jsonl"), log = temp_file("flags.log");
  ASSERT_EQ(wait_exit(spawn_junqi({"tournament", "--player", "r=random", "--player", "greedy", "--player", "pimc",
                                   "--format", "gauntlet", "--pairs", "2", "--rounds", "1", "--tc", "iterations=8",
                                   "--rules", "standard", "--rule", "rail_max=2", "--seed", "4", "--out", out,
                                   "--concurrency", "2"},
                                  log)),
            0)
      << read_file(log);
  const auto records = read_records(out);
  ASSERT_EQ(records.size(), 8u) << read_file(log);  // 2 opponents x 2 pairs x 2 games
  for (const GameRecord& r : records) {
    EXPECT_TRUE(r.red == "r" || r.blue == "r") << r.red << " - " << r.blue;  // the gauntlet's first player
    EXPECT_EQ(r.rules.rail_max, 2);
  }
  EXPECT_NE(read_file(log).find("Tournament (flags): 3 players, gauntlet, 8 games"), std::string::npos)
      << read_file(log);

  // The file says 3 pairs and two other players; the flags win.
  const std::string config_path = temp_file("flags.toml"), out2 = temp_file("flags2.jsonl");
  write_file(config_path, "pairs = 3\n[[players]]\nspec = \"pimc\"\n[[players]]\nspec = \"greedy\"\n");
  ASSERT_EQ(wait_exit(spawn_junqi({"tournament", "--config", config_path, "--player", "a=random", "--player",
                                   "b=random", "--pairs", "1", "--out", out2},
                                  log)),
            0)
      << read_file(log);
  const auto overridden = read_records(out2);
  ASSERT_EQ(overridden.size(), 2u);
  const std::string who = overridden[0].red + overridden[0].blue;
  EXPECT_TRUE(who == "ab" || who == "ba") << who;
  EXPECT_NE(wait_exit(spawn_junqi({"tournament", "--player", "a=random", "--out", temp_file("flags3.jsonl")}, log)), 0);
  EXPECT_NE(read_file(log).find("at least two players"), std::string::npos) << read_file(log);
}

// --games N (and `games` in a file) is N/2 pairs; an odd count or both keys is an error.
TEST(TournamentFlags, GamesCountsGamesInPairs) {
  const std::string path = temp_file("games.toml");
  write_file(path, "games = 6\n[[players]]\nspec = \"random\"\n[[players]]\nspec = \"greedy\"\n");
  EXPECT_EQ(load_tournament_config(path).pairs, 3);
  write_file(path, "games = 7\n[[players]]\nspec = \"random\"\n[[players]]\nspec = \"greedy\"\n");
  EXPECT_EQ(error_of([&] { load_tournament_config(path); }),
            path + ":1: games: 7 games: must be an even number of at least 2 (each pair plays the same deployments "
                   "with sides swapped)");
  write_file(path, "pairs = 2\ngames = 4\n[[players]]\nspec = \"random\"\n[[players]]\nspec = \"greedy\"\n");
  EXPECT_TRUE(contains(error_of([&] { load_tournament_config(path); }), "give pairs or games, not both"));

  const std::string out = temp_file("games.jsonl"), log = temp_file("games.log");
  ASSERT_EQ(wait_exit(spawn_junqi({"tournament", "--player", "random", "--player", "greedy", "--games", "4", "--tc",
                                   "iterations=8", "--out", out},
                                  log)),
            0)
      << read_file(log);
  EXPECT_EQ(read_records(out).size(), 4u);
  EXPECT_EQ(wait_exit(spawn_junqi({"tournament", "--player", "random", "--player", "greedy", "--games", "3"}, log)), 1);
  EXPECT_NE(read_file(log).find("--games: 3 games: must be an even number"), std::string::npos) << read_file(log);
  EXPECT_EQ(wait_exit(spawn_junqi({"tournament", "--player", "random", "--player", "greedy", "--games", "4", "--pairs",
                                   "2"},
                                  log)),
            1);
  EXPECT_NE(read_file(log).find("--games"), std::string::npos) << read_file(log);
}

// Names given on the command line may hold any bytes; the records and the summary get
// U+FFFD for what is not UTF-8 instead of the runner aborting once the games are played.
TEST(TournamentFlags, APlayerNameThatIsNotUtf8IsReplacedNotAnAbort) {
  const std::string out = temp_file("bad_name.jsonl"), log = temp_file("bad_name.log");
  ASSERT_EQ(wait_exit(spawn_junqi({"tournament", "--player", "r\xff=random", "--player", "random", "--pairs", "1",
                                   "--tc", "iterations=1", "--out", out},
                                  log)),
            0)
      << read_file(log);
  const auto records = read_records(out);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_TRUE(records[0].red == "r\uFFFD" || records[0].blue == "r\uFFFD") << records[0].red;
  EXPECT_NE(read_file(summary_json_path(out)).find("\"r\uFFFD\""), std::string::npos);
}

TEST(TournamentFlags, PlayerTcGivesOnePlayerItsOwnTimeControl) {
  const std::string out = temp_file("player_tc.jsonl"), log = temp_file("player_tc.log");
  ASSERT_EQ(wait_exit(spawn_junqi({"tournament", "--player", "a=random", "--player", "b=random", "--pairs", "2",
                                   "--tc", "iterations=8", "--player-tc", "b=movetime=40", "--out", out},
                                  log)),
            0)
      << read_file(log);
  const auto records = read_records(out);
  ASSERT_EQ(records.size(), 4u);
  for (const GameRecord& r : records)  // the record names red's time control, then blue's
    EXPECT_EQ(r.time_control, r.red == "b" ? "movetime=40 / iterations=8" : "iterations=8 / movetime=40");

  EXPECT_NE(wait_exit(spawn_junqi({"tournament", "--player", "a=random", "--player", "b=random", "--player-tc",
                                   "c=movetime=40", "--out", temp_file("player_tc2.jsonl")},
                                  log)),
            0);
  EXPECT_NE(read_file(log).find("--player-tc 'c=movetime=40': no player named 'c'"), std::string::npos)
      << read_file(log);
}

// A CSV line's cells (RFC 4180 quoting).
std::vector<std::string> csv_cells(const std::string& line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') cells.back() += '"', ++i;
    else if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) cells.emplace_back();
    else cells.back() += c;
  }
  return cells;
}

TEST(TournamentReport, CsvTableParses) {
  auto config = config_of({"a", "b", "c"}, TournamentFormat::kRoundRobin, 1, 1);
  config.players[1].name = "b, \"the second\"";
  ScoreBoard board(3);
  const Schedule schedule(config);
  const char* results[] = {"1-0", "0-1", "1/2-1/2", "1-0", "0-1", "0-1"};
  for (int64_t i = 0; i < schedule.size(); ++i) {
    GameRecord r;
    r.result = results[i];
    r.reason = "flag";
    board.add(schedule.game(i), r);
  }
  const std::string csv = report_csv(config, make_report(config, board, schedule.size()));
  std::istringstream in(csv);
  std::string line;
  ASSERT_TRUE(std::getline(in, line));
  EXPECT_EQ(line, "player,games,wins,draws,losses,score,elo,elo_lo,elo_hi");
  std::set<std::string> names;
  for (int row = 0; row < 3; ++row) {
    ASSERT_TRUE(std::getline(in, line)) << csv;
    const auto cells = csv_cells(line);
    ASSERT_EQ(cells.size(), 9u) << line;
    names.insert(cells[0]);
    const int games = std::stoi(cells[1]), wins = std::stoi(cells[2]), draws = std::stoi(cells[3]),
              losses = std::stoi(cells[4]);
    EXPECT_EQ(games, 4);
    EXPECT_EQ(wins + draws + losses, games);
    EXPECT_NEAR(std::stod(cells[5]), (wins + 0.5 * draws) / games, 1e-4);
    const double elo = std::stod(cells[6]), lo = std::stod(cells[7]), hi = std::stod(cells[8]);
    EXPECT_LE(lo, elo);
    EXPECT_LE(elo, hi);
  }
  EXPECT_FALSE(std::getline(in, line));
  EXPECT_EQ(names, (std::set<std::string>{"a", "b, \"the second\"", "c"}));
}

TEST(TournamentSprt, NeedsExactlyTwoPlayers) {
  const std::string path = temp_file("sprt3.toml");
  write_file(path, "sprt = \"elo0=0 elo1=5\"\n[[players]]\nspec = \"random\"\n[[players]]\nspec = \"greedy\"\n"
                   "[[players]]\nspec = \"pimc\"\n");
  try {
    load_tournament_config(path);
    FAIL() << "no error";
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find("sprt: an SPRT compares two players; this tournament has 3"),
              std::string::npos)
        << e.what();
  }
  write_file(path, "sprt = \"elo0=0 elo1=5 alpha=2\"\n[[players]]\nspec = \"random\"\n[[players]]\nspec = \"greedy\"\n");
  EXPECT_THROW(load_tournament_config(path), engine::Error);
  write_file(path, "sprt = \"elo0=0 elo1=5 model=logistic\"\n[[players]]\nspec = \"random\"\n[[players]]\nspec = \"greedy\"\n");
  EXPECT_EQ(load_tournament_config(path).sprt->model, stats::SprtConfig::Model::kLogistic);
}

// Waits (at most 10 s) until the counter reaches n.
void wait_for_count(const std::atomic<int>& counter, int n) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (counter < n && std::chrono::steady_clock::now() < until) std::this_thread::yield();
}

TEST(TournamentRecords, BackgroundSyncGroupsAppendsAndSyncsWhatIsLeftAtTheEnd) {
  std::atomic<int> syncs{0};
  {
    // A long interval: only the game count (3) can trigger a sync while appending.
    BackgroundSync background([&] { ++syncs; }, 3, std::chrono::hours(1));
    for (int group = 1; group <= 2; ++group) {
      for (int i = 0; i < 2; ++i) background.appended();
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      EXPECT_EQ(syncs, group - 1) << "two games of three: not yet";
      background.appended();
      wait_for_count(syncs, group);
      EXPECT_EQ(syncs, group);
    }
    background.appended();  // a 7th game, below the count
  }
  EXPECT_EQ(syncs, 3) << "the 7th game is synced when the sync stops";
  { BackgroundSync idle([&] { ++syncs; }, 3, std::chrono::hours(1)); }
  EXPECT_EQ(syncs, 3) << "nothing appended, nothing to sync";
  {
    // A short interval syncs a lone game without waiting for the count.
    BackgroundSync timed([&] { ++syncs; }, 100, std::chrono::milliseconds(5));
    timed.appended();
    wait_for_count(syncs, 4);
    EXPECT_EQ(syncs, 4);
  }
  EXPECT_EQ(syncs, 4);
}

TEST(TournamentRecords, TornLastLineIsCutOff) {
  const std::string path = temp_file("torn.jsonl");
  GameRecord r;
  r.id = "1";
  r.red = "a";
  r.blue = "b";
  r.result = "1-0";
  r.reason = "flag";
  { RecordWriter(path).append(r); }
  { std::ofstream(path, std::ios::app) << "{\"id\":\"2\",\"se"; }
  const auto finished = read_finished_games(path);
  EXPECT_TRUE(finished.torn);
  ASSERT_EQ(finished.records.size(), 1u);
  r.id = "2";
  { RecordWriter(path).append(r); }
  EXPECT_EQ(read_records(path).size(), 2u);  // appending after the cut gives whole lines
}

TEST(TournamentRecords, MergeJoinsShardsAndRefusesDuplicates) {
  const std::string a = temp_file("shard_a.jsonl"), b = temp_file("shard_b.jsonl"), out = temp_file("merged.jsonl");
  GameRecord r;
  r.red = "a";
  r.blue = "b";
  r.result = "0-1";
  r.reason = "flag";
  {
    RecordWriter wa(a), wb(b);
    for (const char* id : {"3", "1"}) r.id = id, wa.append(r);
    for (const char* id : {"2", "10"}) r.id = id, wb.append(r);
  }
  EXPECT_EQ(merge_record_files({a, b}, out), 4u);
  std::vector<std::string> ids;
  for (const auto& x : read_records(out)) ids.push_back(x.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"1", "2", "3", "10"}));

  r.id = "3";
  { RecordWriter(b).append(r); }  // game 3 in both shards
  std::remove(out.c_str());
  try {
    merge_record_files({a, b}, out);
    FAIL() << "no error";
  } catch (const engine::Error& e) {
    EXPECT_NE(std::string(e.what()).find("game id '3' is in both"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(file_has_content(out));
}

}  // namespace
