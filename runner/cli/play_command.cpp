// `junqi play`: a human at this terminal against a bot.
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>

#include "engine/error.h"
#include "engine/notation.h"
#include "runner/players/bot_seat.h"
#include "runner/cli/commands.h"
#include "runner/cli/rules_options.h"
#include "runner/ui/board_text.h"
#include "runner/ui/deployment_files.h"
#include "runner/players/human_player.h"
#include "runner/players/player_factory.h"
#include "runner/game/record.h"
#include "runner/game/referee.h"
#include "runner/game/four_replay.h"
#include "runner/game/replay.h"
#include "runner/tournament/match.h"
#include "runner/ui/four_board_text.h"
#include "search/bot_config.h"

namespace junqi::runner::cli {
namespace {

constexpr const char* kFourSeatNames[kFourSeats] = {"south", "east", "north", "west"};

// Without --bot: the strongest bot once a config of that name exists, until then random.
std::unique_ptr<Player> default_bot() {
  try {
    return make_player("strongest");
  } catch (const engine::Error&) {
    return make_player("random");
  }
}

// The whole board at the end, every piece shown: what the human could not see (in the
// flip game, what the face-down pieces were), drawn as the game was, from the human's seat.
void print_final_board(const GameRecord& record, int human_seat, const BoardStyle& style) {
  try {
    const bool flip = record.rules.kind == engine::GameKind::kFlip;
    const std::string jfen = flip ? engine::to_jfen(replay_flip(record)) : engine::to_jfen(replay(record));
    std::cout << "\nThe whole board at the end:\n"
              << draw_whole_board(engine::parse_jfen_fields(jfen, false, flip), record.colour_of_seat(human_seat), style);
  } catch (const engine::Error&) {
    // The game ended before both deployments stood (nothing to show).
  }
}

// The result line, and the record appended to `out` if given.
void finish_play(GameRecord record, const TimeControl& bot_tc, const std::string& out) {
  record.time_control = bot_tc.text();  // the bot's; the human was untimed
  std::cout << "result " << record.result << "  " << record.reason << "  " << record.moves.size() << " plies";
  if (!record.detail.empty()) std::cout << "  (" << record.detail << ")";
  std::cout << std::endl;
  if (!out.empty()) {
    RecordWriter writer(out);
    writer.append(record);
    std::cout << "record appended to " << out << std::endl;
  }
}

// The four-player game: the human at `seat`, a bot (made by `make_bot`) at each other
// seat, its partner among them; then the whole board from the human's seat.
GameRecord play_four(int seat, const std::function<std::unique_ptr<Player>()>& make_bot, const TimeControl& bot_tc,
                     HumanPlayer& human, GameSetup& setup, const BoardStyle& style) {
  std::vector<std::unique_ptr<BotSeat>> bots;
  std::array<Player*, kFourSeats> seats{};
  for (int s = 0; s < kFourSeats; ++s) {
    if (s == seat) {
      seats[s] = &human;
      continue;
    }
    bots.push_back(std::make_unique<BotSeat>(make_bot(), bot_tc));
    seats[s] = bots.back().get();
  }
  const std::string bot_name = bots.front()->name();
  setup.team_names[seat & 1] = "human+" + bot_name;
  setup.team_names[1 - (seat & 1)] = bot_name;
  std::cout << "junqi play: you (" << kFourSeatNames[seat] << ") and " << bot_name << " against two " << bot_name
            << ", bot time control " << bot_tc.text() << ", seed " << setup.seed << "\n";
  GameRecord record = play_four_game(seats, setup);
  try {
    std::cout << "\nThe whole board at the end:\n"
              << draw_four_board(replay_four(record), engine::four::Seat(seat), style);  // every piece is known now
  } catch (const engine::Error&) {
    // The game ended before every seat deployed (nothing to show).
  }
  return record;
}

}  // namespace

void add_play_command(CLI::App& app) {
  struct Args {
    std::string bot, level, side = "red", deployment, tc = "movetime=2000", out, hint_bot = "ismcts";
    bool ascii = false, no_color = false;
    std::optional<uint64_t> seed;
    RulesArgs rules;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("play", "Play a game against a bot at this terminal");
  cmd->add_option("--bot", args->bot, "Opponent: bot name or config path (default: strongest, else random)");
  cmd->add_option("--level", args->level,
                  "Opponent level: configs/bots/<level>.toml at its own iterations (instead of --bot and --tc)")
      ->check(CLI::IsMember({"easy", "medium", "hard", "strongest"}))
      ->excludes(cmd->get_option("--bot"));
  cmd->add_option("--side", args->side,
                  "Your side; Red moves first (the flip game: red or first acts first; the four-player game: south, "
                  "east, north or west, South moves first)")
      ->check(CLI::IsMember({"red", "blue", "first", "second", "south", "east", "north", "west"}));
  cmd->add_option("--deployment", args->deployment,
                  "Your deployment: random, a deployment string, a name from configs/deployments, or a file "
                  "(default: choose at the prompt)");
  cmd->add_flag("--ascii", args->ascii, "Piece letters instead of Chinese names");
  cmd->add_flag("--no-color", args->no_color,
                "No ANSI colours (also off when stdout is not a terminal or NO_COLOR is set)");
  cmd->add_option("--tc", args->tc,
                  "The bot's time control: movetime=MS, clock=MS+INC or iterations=N; you are untimed");
  cmd->add_option("--seed", args->seed, "Seed (default: a fresh one, printed so the game can be replayed)");
  cmd->add_option("--out", args->out, "Append the game record (JSON line) to this file");
  cmd->add_option("--hint-bot", args->hint_bot, "The bot behind the `hint` command (name or config path)")
      ->capture_default_str();
  add_rules_options(*cmd, args->rules);
  cmd->callback([args] {
    const engine::Color human_side = args->side == "red" || args->side == "first" ? engine::kRed : engine::kBlue;
    GameSetup setup;
    setup.rules = build_rules(args->rules, RulesUse::kPlaysFour);
    const bool four = setup.rules.kind == engine::GameKind::kFour;
    const int four_seat = args->side == "east" ? 1 : args->side == "north" ? 2 : args->side == "west" ? 3 : 0;
    if (four != (four_seat > 0 || args->side == "south") && args->side != "red")
      throw engine::Error(four ? "--side: the four-player game takes south, east, north or west"
                               : "--side: south, east, north and west are the four-player game's (--rule kind=four)");
    if (!args->level.empty()) {
      // A level is its config and its own budget: a time control would let an easy level
      // search as long as the strongest.
      args->bot = args->level;
      const auto params = search::resolve_bot(args->level).params;
      const auto it = params.find("iterations");
      if (it != params.end()) args->tc = "iterations=" + it->second;
    }
    const TimeControl bot_tc = parse_time_control(args->tc);
    setup.seed = args->seed ? *args->seed : std::random_device{}();
    // The referee's own clock would time the human too: an untimed game with a week per
    // move, and the bot's time control applied by its seat.
    constexpr int64_t kWeekMs = 7LL * 24 * 3600 * 1000;
    setup.time_control.kind = TimeControl::Kind::kIterations;
    setup.untimed_move_ms = kWeekMs;
    setup.startup_ms = kWeekMs;  // choosing a deployment at the prompt takes a while
    setup.takebacks_and_draw_offers = true;
    if (!args->deployment.empty() && args->deployment != "random") {
      engine::Rng check_rng(setup.seed);
      resolve_deployment(args->deployment, human_side, check_rng);  // a bad spec fails now, before the game
    }

    const auto make_bot = [&] { return args->bot.empty() ? default_bot() : make_player(args->bot); };
    BotSeat bot(make_bot(), bot_tc);
    HumanOptions options;
    options.style.ascii = args->ascii;
    options.style.color = !args->no_color && isatty(STDOUT_FILENO) && std::getenv("NO_COLOR") == nullptr;
    options.deployment = args->deployment;
    options.opponent_info = &bot.last_info();
    options.hint_bot = args->hint_bot;
    HumanPlayer human(std::cin, std::cout, options);
    if (four) {
      setup.takebacks_and_draw_offers = false;
      const GameRecord record = play_four(four_seat, make_bot, bot_tc, human, setup, options.style);
      finish_play(record, bot_tc, args->out);
      return;
    }
    std::cout << "junqi play: you (" << args->side << ") against " << bot.name() << ", bot time control "
              << bot_tc.text() << ", seed " << setup.seed << "\n";

    GameRecord record =
        human_side == engine::kRed ? play_game(human, bot, setup) : play_game(bot, human, setup);
    print_final_board(record, human_side == engine::kRed ? 0 : 1, options.style);
    finish_play(record, bot_tc, args->out);
  });
}

}  // namespace junqi::runner::cli
