#pragma once
// A human at a terminal as a Player: the board of their View, a prompt, moves typed as
// `a6-a7`, and commands (help, show, moves, hint, belief, info, undo, draw, resign). The streams are passed in so
// tests can play whole games through stringstreams. A human is never hurried: deadlines
// are only checked after a line arrives, as a generous outer bound.

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "engine/four/view.h"
#include "engine/random.h"
#include "runner/ui/board_text.h"
#include "runner/game/player.h"

namespace junqi::runner {

struct HumanOptions {
  BoardStyle style;
  // A deployment spec (resolve_deployment: random, a string, a shipped name, a file);
  // empty or unusable: ask at the prompt.
  std::string deployment;
  // The opponent's last search report for `info`, kept up to date by whoever owns it
  // (BotSeat); must outlive the player. Null: nothing to show.
  const search::SearchInfo* opponent_info = nullptr;
  // The bot behind `hint`, and its budget per hint.
  std::string hint_bot = "ismcts";
  int64_t hint_iterations = 3000;
};

class HumanPlayer final : public Player {
 public:
  HumanPlayer(std::istream& in, std::ostream& out, HumanOptions options = {});
  std::string name() const override { return "human"; }
  std::map<std::string, std::string> settings() const override { return {{"kind", "human"}}; }
  Answer<bool> new_game(engine::Color side, const engine::Rules& rules, uint64_t seed,
                        Deadline deadline) override;
  Answer<std::string> deploy(Deadline deadline) override;
  Answer<bool> setup(const engine::Deployment& deployment, Deadline deadline) override;
  Answer<MoveAnswer> go(const engine::View& view, const search::Limits& limits, Deadline deadline) override;
  // The flip game: `b7` or `b7^` flips, moves as in go.
  bool plays_flip() const override { return true; }
  Answer<MoveAnswer> go_flip(const engine::FlipView& view, const search::Limits& limits, Deadline deadline) override;
  void observe_flip(const engine::FlipView& view) override;
  // Keeps the view, so the game's end can show the plies the human has not seen yet.
  void observe(const engine::View& view) override { last_view_ = view; }
  // The four-player game (human_four.cpp): moves as Sa6-Ca1, the cross board from the
  // human's seat; no hint, belief, undo or draw offer.
  bool plays_four() const override { return true; }
  Answer<bool> new_four_game(int seat, const engine::Rules& rules, uint64_t seed, Deadline deadline) override;
  Answer<MoveAnswer> go_four(const engine::four::FourView& view, const search::Limits& limits,
                             Deadline deadline) override;
  void observe_four(const engine::four::FourView& view) override { last_four_view_ = view; }
  void game_over(const std::string& result, const std::string& reason) override;

 private:
  // The next non-empty line, trimmed; nullopt at end of input.
  std::optional<std::string> read_line(const char* prompt);
  void show_deployment_menu();
  // Why `text` is not a legal move of the view, or nullopt if it is one (then `move` is set).
  std::optional<std::string> check_move(const engine::View& view, const std::string& text,
                                        engine::Move& move) const;
  std::optional<std::string> check_flip_action(const engine::FlipView& view, const std::string& text,
                                               engine::Move& action) const;
  void list_moves(const engine::View& view);
  void list_flip_actions(const engine::FlipView& view);
  // What the prompt does for one turn of one kind: `parse` turns text into a legal move
  // (nullopt: not a move at all; else "" or why it is illegal), and the commands.
  struct TurnCommands {
    std::function<std::optional<std::string>(const std::string&, engine::Move&)> parse;
    std::function<void()> redraw, list, hint, belief;
    std::string (*move_text)(engine::Move) = engine::move_string;  // how the move is written
    bool requests = true;  // undo and draw offers: not in the four-player game
  };
  // The prompt loop shared by both kinds: commands until the human gives a legal move.
  Answer<MoveAnswer> prompt_move(const char* prompt, Deadline deadline, const TurnCommands& turn);
  // A move from the hint bot (made on first use), chosen by `choose` with its limits.
  void show_hint(const std::function<engine::Move(search::Bot&, const search::Limits&)>& choose);
  void show_belief(const engine::View& view);
  void show_info();
  void show_help();

  std::istream& in_;
  std::ostream& out_;
  HumanOptions options_;
  engine::Color side_ = engine::kRed;  // the colour played (the flip game: once the flips give it)
  engine::Color seat_ = engine::kRed;  // as new_game gave it (the flip game: the player index)
  engine::Rules rules_;
  std::unique_ptr<search::Bot> hint_bot_;
  bool flip_ = false;                  // playing the flip game
  engine::Rng rng_{1};
  bool resign_pending_ = false;      // input ended (or `resign`) while deploying
  std::size_t reported_tokens_ = 0;  // history tokens already described to the human
  std::optional<engine::View> last_view_;          // after the last ply, for the game's end
  std::optional<engine::FlipView> last_flip_view_;
  int four_seat_ = -1;  // the four-player game: the seat played (0-3 = S, E, N, W); else -1
  std::optional<engine::four::FourView> last_four_view_;
  void show_news(const engine::four::FourView& view);
  // The four-player game's end, told from the human's team (game_over calls it).
  void four_game_over(const std::string& result, const std::string& reason);
  std::string request_;  // "undo" or "draw" asked at the last prompt, until its outcome is told
  void tell_request_outcome(std::size_t history_size);
  // Tells the plies since the human's last turn and draws the board, as at every turn.
  void show_news(const engine::View& view);
  void show_news(const engine::FlipView& view);
};

}  // namespace junqi::runner
