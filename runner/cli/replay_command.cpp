// `junqi replay FILE [--game ID] [--board | --text]`: replays records (JSON lines or game
// text), checking every move; --text writes them as game text.
#include <fstream>
#include <iostream>
#include <sstream>
#include <memory>

#include "engine/diagram.h"
#include "engine/error.h"
#include "engine/four/notation.h"
#include "engine/notation.h"
#include "runner/cli/commands.h"
#include "runner/game/four_replay.h"
#include "runner/game/game_text.h"
#include "runner/game/replay.h"
#include "runner/ui/four_board_text.h"

namespace junqi::runner::cli {

namespace {

engine::JfenFields fields_of(const engine::Position& pos) { return engine::parse_jfen_fields(engine::to_jfen(pos), false); }
engine::JfenFields fields_of(const engine::FlipPosition& pos) {
  return engine::parse_jfen_fields(engine::to_jfen(pos), false, true);
}
int ply_of(const engine::Position& pos) { return pos.ply(); }
int ply_of(const engine::four::Position& pos) { return pos.ply(); }
int ply_of(const engine::FlipPosition& pos) { return pos.board().ply(); }

// Replays one record with `replay` (replay or replay_flip), drawing the board after every
// ply if asked, else the final one.
template <class Replay>
void show_replay(const GameRecord& r, bool board, const Replay& replay) {
  const auto final = replay(r, [&](const auto& pos, const MoveRecord& m) {
    if (board) std::cout << "\n" << ply_of(pos) << ". " << move_text(m) << "\n" << engine::diagram(fields_of(pos));
  });
  if (!board) std::cout << engine::diagram(fields_of(final));
}

// A four-player game: the cross after every ply (South at the bottom, every piece with its
// seat letter) if asked; the final position as J4FEN.
void show_four_replay(const GameRecord& r, bool board) {
  const auto final = replay_four(r, [&](const engine::four::Position& pos, const MoveRecord& m) {
    if (board)
      std::cout << "\n" << ply_of(pos) << ". " << move_text(m, r.rules.kind) << "\n"
                << draw_whole_four_board(pos, BoardStyle{true, false}, m.move);
  });
  std::cout << engine::four::to_j4fen(final) << "\n";
}

// The games of a file, JSON lines or game text, whichever it holds.
std::vector<GameRecord> read_games(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw engine::Error("cannot open record file '" + path + "'");
  std::ostringstream content;
  content << in.rdbuf();
  if (looks_like_game_text(content.str())) return parse_game_text(content.str(), path);
  return read_records(path);
}

void check_replay(const GameRecord& r) {
  if (r.rules.kind == engine::GameKind::kFour) replay_four(r);
  else if (r.rules.kind == engine::GameKind::kFlip) replay_flip(r);
  else replay(r);
}

}  // namespace

void add_replay_command(CLI::App& app) {
  struct Args {
    std::string file, game;
    bool board = false, text = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("replay", "Replay game records, check every move, print the final position");
  cmd->add_option("file", args->file, "Record file: JSON lines, or game text (as --text writes it)")->required();
  cmd->add_option("--game", args->game, "Only the game with this id");
  cmd->add_flag("--board", args->board, "Draw the board after every move");
  cmd->add_flag("--text", args->text, "Write each game, once checked, as game text (tags and numbered moves)");
  cmd->callback([args] {
    int replayed = 0;
    for (const GameRecord& r : read_games(args->file)) {
      if (!args->game.empty() && r.id != args->game) continue;
      ++replayed;
      if (args->text) {
        check_replay(r);
        std::cout << (replayed > 1 ? "\n" : "") << to_game_text(r);
        continue;
      }
      std::cout << "game " << r.id << "  " << r.red << " - " << r.blue << "\n";
      if (r.rules.kind == engine::GameKind::kFour) show_four_replay(r, args->board);
      else if (r.rules.kind == engine::GameKind::kFlip) show_replay(r, args->board, replay_flip);
      else show_replay(r, args->board, replay);
      std::cout << "result " << r.result << "  " << r.reason << "  " << r.moves.size() << " plies  (replay agrees)\n\n";
    }
    if (replayed == 0) throw engine::Error("no game " + (args->game.empty() ? "" : "'" + args->game + "' ") + "in " + args->file);
  });
}

}  // namespace junqi::runner::cli
