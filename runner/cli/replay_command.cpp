// `junqi replay FILE [--game ID] [--board]`: replays records, checking every move.
#include <iostream>
#include <memory>

#include "engine/diagram.h"
#include "engine/error.h"
#include "engine/notation.h"
#include "runner/cli/commands.h"
#include "runner/game/replay.h"

namespace junqi::runner::cli {

namespace {

engine::JfenFields fields_of(const engine::Position& pos) { return engine::parse_jfen_fields(engine::to_jfen(pos), false); }
engine::JfenFields fields_of(const engine::FlipPosition& pos) {
  return engine::parse_jfen_fields(engine::to_jfen(pos), false, true);
}
int ply_of(const engine::Position& pos) { return pos.ply(); }
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

}  // namespace

void add_replay_command(CLI::App& app) {
  struct Args {
    std::string file, game;
    bool board = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("replay", "Replay game records, check every move, print the final position");
  cmd->add_option("file", args->file, "Record file (JSON lines)")->required();
  cmd->add_option("--game", args->game, "Only the game with this id");
  cmd->add_flag("--board", args->board, "Draw the board after every move");
  cmd->callback([args] {
    int replayed = 0;
    for (const GameRecord& r : read_records(args->file)) {
      if (!args->game.empty() && r.id != args->game) continue;
      ++replayed;
      std::cout << "game " << r.id << "  " << r.red << " - " << r.blue << "\n";
      if (r.rules.kind == engine::GameKind::kFlip) show_replay(r, args->board, replay_flip);
      else show_replay(r, args->board, replay);
      std::cout << "result " << r.result << "  " << r.reason << "  " << r.moves.size() << " plies  (replay agrees)\n\n";
    }
    if (replayed == 0) throw engine::Error("no game " + (args->game.empty() ? "" : "'" + args->game + "' ") + "in " + args->file);
  });
}

}  // namespace junqi::runner::cli
