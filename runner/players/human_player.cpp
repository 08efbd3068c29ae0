#include "runner/players/human_player.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cctype>
#include <initializer_list>
#include <iomanip>
#include <istream>
#include <ostream>
#include <vector>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/notation.h"
#include "runner/ui/deployment_files.h"
#include "runner/game/text.h"
#include "search/belief.h"
#include "search/bot_config.h"
#include "search/deployment_prior.h"
#include "search/marginals.h"
#include "search/sampler.h"

namespace junqi::runner {
namespace {

using namespace junqi::engine;

// "a6-a7", "a6a7", "a6xa7" or "a6 a7" into its two square names; false if the text does
// not even look like a move (then it is an unknown command, not an illegal move).
bool split_move(const std::string& text, std::string& from, std::string& to) {
  if (text.size() < 3 || !std::isalpha(static_cast<unsigned char>(text[0])) ||
      !std::isdigit(static_cast<unsigned char>(text[1])))
    return false;
  std::size_t i = 1;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  from = text.substr(0, i);
  while (i < text.size() && (text[i] == '-' || text[i] == 'x' || text[i] == ' ')) ++i;
  to = text.substr(i);
  return !to.empty();
}

Answer<MoveAnswer> resign() { return answer(MoveAnswer{"resign", {}}); }

// The rules in force, as the options that differ from RULES.md's defaults (the game kind
// is said elsewhere), so a player knows before the first move which house rules apply.
std::string rules_line(const Rules& rules) {
  const auto defaults = Rules{}.entries(), now = rules.entries();
  std::string changed;
  for (std::size_t i = 0; i < now.size(); ++i)
    if (now[i] != defaults[i] && now[i].first != "kind")
      changed += cat({changed.empty() ? "" : ", ", now[i].first, " = ", now[i].second});
  if (changed.empty()) return "Rules: the standard rules (every option at its default).\n";
  return cat({"Rules: ", changed, "; every other option at its default.\n"});
}

constexpr std::string_view kHelp =
    "Type a move as from-to, e.g. a6-a7 (a6a7 works too); an attack is written the same way.\n"
    "In the flip game, turn a face-down piece up by typing its square, e.g. b7 (or b7^).\n"
    "Commands:\n"
    "  show     draw the board again\n"
    "  moves    list your legal moves\n"
    "  hint     a move suggested by a quick search (the hint bot, --hint-bot)\n"
    "  belief   what each enemy ? can still be, with probabilities (dark game)\n"
    "  info     the opponent's last search report (iterations, win rate)\n"
    "  undo     take back your last move and the bot's reply\n"
    "  draw     offer a draw (the bot accepts if its last search saw a draw or worse for it)\n"
    "  resign   give up this game (so does closing the input, Ctrl-D)\n"
    "  help     this text\n"
    "Enemy pieces show as ? until the rules reveal them; after each fight you are told who fell.\n";

}  // namespace

HumanPlayer::HumanPlayer(std::istream& in, std::ostream& out, HumanOptions options)
    : in_(in), out_(out), options_(std::move(options)) {}

Answer<bool> HumanPlayer::new_game(Color side, const Rules& rules, uint64_t seed, Deadline) {
  four_seat_ = -1;
  side_ = side;
  seat_ = side;
  rules_ = rules;
  hint_bot_.reset();
  flip_ = rules.kind == GameKind::kFlip;
  rng_ = Rng(seed);
  resign_pending_ = false;
  reported_tokens_ = 0;
  if (flip_) {
    out_ << "New flip game (翻棋): you are the " << (side == kRed ? "first" : "second")
         << " player. Every piece starts face down; turn one up by typing its square (b7), and the"
            " flips decide the colours. Type help at the prompt for commands.\n"
         << rules_line(rules);
    return answer(true);
  }
  out_ << "New game: you play " << (side == kRed ? "Red (you move first)" : "Blue (Red moves first)") << ", "
       << (rules.kind == GameKind::kOpen ? "open" : "dark")
       << " game. Type help at the prompt for commands.\n"
       << rules_line(rules);
  return answer(true);
}

std::optional<std::string> HumanPlayer::read_line(const char* prompt) {
  std::string line;
  while (true) {
    out_ << prompt << std::flush;
    if (!std::getline(in_, line)) return std::nullopt;
    line = trimmed(line);
    if (!line.empty()) return line;
  }
}

Answer<bool> HumanPlayer::setup(const Deployment& deployment, Deadline) {
  out_ << "Your deployment is set for this game: " << deployment_string(deployment) << "\n";
  return answer(true);
}

std::optional<std::string> HumanPlayer::check_move(const View& view, const std::string& text,
                                                   Move& move) const {
  std::string a, b;
  split_move(text, a, b);
  const auto from = parse_square(a), to = parse_square(b);
  if (!from) return cat({"not a square: ", a, " (squares are a1 to e12)"});
  if (!to) return cat({"not a square: ", b, " (squares are a1 to e12)"});
  const Position& board = view.board();
  const Piece p = board.piece_on(*from);
  if (p == kNoPiece) return cat({"not your piece: ", a, " is empty"});
  if (color_of(p) != side_) return cat({"not your piece: ", a, " holds an enemy piece"});
  MoveList list;
  view.legal_moves(list);
  bool movable = false;
  for (Move m : list) {
    if (from_sq(m) != *from) continue;
    movable = true;
    if (to_sq(m) == *to) {
      move = m;
      return std::nullopt;
    }
  }
  std::string piece = piece_label(p, options_.style);
  piece += " on ";
  piece += a;
  if (!view.rules().marshal_takes_flag && type_of(p) == kMarshal && (view.may_be_flag() & square_bb(*to)))
    return cat({"the ", piece, " may not attack ", b,
                ": under marshal_takes_flag = false the Field Marshal never "
                "attacks the Flag, and that piece may be the Flag"});
  if (!movable) {
    if (is_immobile_type(type_of(p))) return cat({"that piece cannot move: the ", piece, " never moves"});
    if ((Board::kT.headquarters & square_bb(*from)) && !view.rules().hq_exit)
      return cat({"that piece cannot move: the ", piece, " stands in a headquarters"});
    return cat({"that piece cannot move: the ", piece, " has no free square to go to"});
  }
  std::string why = cat({"cannot reach that square: the ", piece, " cannot go to ", b});
  const Piece target = board.piece_on(*to);
  if (target != kNoPiece && color_of(target) == side_)
    why += " (your own piece stands there)";
  else if (target != kNoPiece && (Board::kT.camps & square_bb(*to)))
    why += " (a piece in a camp cannot be attacked)";
  return why;
}

void HumanPlayer::list_moves(const View& view) {
  MoveList list;
  view.legal_moves(list);
  std::array<std::string, Board::kSquares> by_from;
  for (Move m : list) {
    by_from[from_sq(m)] += ' ';
    by_from[from_sq(m)] += square_name(to_sq(m));
  }
  out_ << list.size << " legal moves:\n";
  for (int s = 0; s < Board::kSquares; ++s) {
    if (by_from[s].empty()) continue;
    out_ << "  " << std::left << std::setw(3) << square_name(Square(s)) << " "
         << piece_label(view.board().piece_on(Square(s)), options_.style) << ":" << by_from[s]
         << "\n";
  }
}

void HumanPlayer::show_info() {
  const search::SearchInfo* info = options_.opponent_info;
  if (!info) {
    out_ << "The opponent gives no search reports.\n";
    return;
  }
  out_ << "Opponent's last search: " << info->iterations << " iterations, ";
  if (info->winrate < 0)
    out_ << "win rate not reported";
  else
    out_ << "its win rate " << std::fixed << std::setprecision(1) << 100.0 * info->winrate << "%";
  if (!info->text.empty()) out_ << " (" << info->text << ")";
  out_ << "\n";
}

void HumanPlayer::show_help() { out_ << kHelp; }

void HumanPlayer::show_hint(const std::function<Move(search::Bot&, const search::Limits&)>& choose) {
  if (!hint_bot_) {
    try {
      hint_bot_ = search::make_bot(search::resolve_bot(options_.hint_bot));
    } catch (const Error& e) {
      out_ << "No hint: bot '" << options_.hint_bot << "' " << e.what() << "\n";
      return;
    }
    hint_bot_->new_game(seat_, rules_, rng_.next());
  }
  search::Limits limits;
  limits.iterations = options_.hint_iterations;
  const Move m = choose(*hint_bot_, limits);
  if (m == kNullMove) out_ << "Hint: nothing good is left; resigning is an option.\n";
  else out_ << "Hint: " << move_string(m) << " (" << options_.hint_bot << ", " << options_.hint_iterations << " iterations)\n";
}

void HumanPlayer::show_belief(const View& view) {
  const search::Belief belief(view);
  search::Sampler sampler(belief, search::DeploymentPrior::uniform());
  if (!sampler.consistent()) {
    out_ << "No deployment of the enemy fits what you have seen.\n";
    return;
  }
  constexpr int kSamples = 4000;
  const search::Marginals marginals = search::estimate_marginals(sampler, rng_, kSamples);
  out_ << "What each enemy piece can still be (" << kSamples << " sampled deployments, types of 2% or more):\n";
  for (int s = 0; s < Board::kSquares; ++s) {
    const int id = belief.piece_at(Square(s));
    if (id < 0) continue;
    std::vector<std::pair<double, PieceType>> odds;
    for (int t = 0; t < kPieceTypes; ++t)
      if (marginals[id][t] >= 0.02) odds.emplace_back(marginals[id][t], PieceType(t));
    std::sort(odds.rbegin(), odds.rend());
    out_ << "  " << std::left << std::setw(4) << square_name(Square(s));
    for (const auto& [p, t] : odds)
      out_ << " " << piece_label(make_piece(belief.enemy(), t), options_.style) << " " << std::lround(100 * p) << "%";
    out_ << "\n";
  }
}

Answer<MoveAnswer> HumanPlayer::go(const View& view, const search::Limits&, Deadline deadline) {
  if (resign_pending_) return resign();
  show_news(view);
  TurnCommands turn;
  turn.parse = [&](const std::string& text, Move& m) -> std::optional<std::string> {
    std::string from, to;
    if (!split_move(text, from, to)) return std::nullopt;  // not even a move: an unknown command
    if (const auto why = check_move(view, text, m)) return cat({"Illegal move: ", *why});
    return "";
  };
  turn.redraw = [&] { out_ << draw_board(view, options_.style); };
  turn.list = [&] { list_moves(view); };
  turn.hint = [&] { show_hint([&](search::Bot& bot, const search::Limits& l) { return bot.choose_move(view, l); }); };
  turn.belief = [&] { show_belief(view); };
  return prompt_move(side_ == kRed ? "Red> " : "Blue> ", deadline, turn);
}

void HumanPlayer::observe_flip(const FlipView& view) {
  if (const auto colour = flip_colour(view)) side_ = *colour;
  last_flip_view_ = view;
}

// After `undo` or `draw` the game goes on: the view says whether moves were taken back.
void HumanPlayer::tell_request_outcome(std::size_t history_size) {
  if (request_ == "undo" && history_size < reported_tokens_) {
    out_ << "Took back your last move and the bot's reply.\n";
    reported_tokens_ = history_size;  // the plies now undone are not news
  } else if (request_ == "undo") {
    out_ << "Nothing to take back (no move of yours and reply yet, or the bot cannot take back).\n";
  } else if (request_ == "draw") {
    out_ << "The bot declines your draw offer.\n";
  }
  request_.clear();
}

void HumanPlayer::show_news(const View& view) {
  tell_request_outcome(view.history().size());
  out_ << "\n";
  for (const std::string& line : describe_plies(view, reported_tokens_, options_.style)) out_ << line << "\n";
  reported_tokens_ = view.history().size();
  out_ << draw_board(view, options_.style);
}

void HumanPlayer::show_news(const FlipView& view) {
  tell_request_outcome(view.history().size());
  out_ << "\n";
  for (const std::string& line : describe_flip_plies(view, reported_tokens_, options_.style)) out_ << line << "\n";
  reported_tokens_ = view.history().size();
  out_ << draw_flip_board(view, options_.style);
}

Answer<MoveAnswer> HumanPlayer::go_flip(const FlipView& view, const search::Limits&, Deadline deadline) {
  if (resign_pending_) return resign();
  observe_flip(view);
  show_news(view);
  TurnCommands turn;
  turn.parse = [&](const std::string& text, Move& m) -> std::optional<std::string> {
    std::string from, to;
    const bool flip = parse_square(text.substr(0, text.size() - (text.back() == '^'))).has_value();
    if (!flip && !split_move(text, from, to)) return std::nullopt;
    if (const auto why = check_flip_action(view, text, m)) return cat({"Illegal ", *why});
    return "";
  };
  turn.redraw = [&] { out_ << draw_flip_board(view, options_.style); };
  turn.list = [&] { list_flip_actions(view); };
  turn.hint = [&] {
    show_hint([&](search::Bot& bot, const search::Limits& l) { return bot.choose_flip_action(view, l); });
  };
  turn.belief = [&] {
    out_ << "In the flip game every face-down piece is equally likely to be any piece still face down.\n";
  };
  const bool coloured = flip_colour(view).has_value();
  return prompt_move(!coloured ? "flip> " : side_ == kRed ? "Red> " : "Blue> ", deadline, turn);
}

Answer<MoveAnswer> HumanPlayer::prompt_move(const char* prompt, Deadline deadline, const TurnCommands& turn) {
  while (true) {
    const auto line = read_line(prompt);
    if (!line) {
      out_ << "\nEnd of input: you resign.\n";
      return resign();
    }
    if (SteadyClock::now() > deadline)
      return failure<MoveAnswer>(Fault::kTime, "no move before the deadline");
    const std::string command = lowercase(*line);
    if (command == "help" || command == "?") {
      show_help();
    } else if (command == "show") {
      turn.redraw();
    } else if (command == "moves") {
      turn.list();
    } else if (command == "hint") {
      turn.hint();
    } else if (command == "belief") {
      turn.belief();
    } else if (command == "info") {
      show_info();
    } else if (command == "resign") {
      out_ << "You resign.\n";
      return resign();
    } else if ((command == "undo" || command == "draw") && !turn.requests) {
      out_ << "There is no " << command << " in the four-player game.\n";
    } else if (command == "undo" || command == "draw") {
      request_ = command;  // the next turn (or the game's end) tells how it went
      return answer(MoveAnswer{command, {}});
    } else {
      Move m = kNullMove;
      const std::optional<std::string> why = turn.parse(command, m);
      if (!why) {
        out_ << "Unknown command '" << *line << "': type " << (flip_ ? "a flip like b7 or " : "")
             << "a move like a6-a7, or help.\n";
        continue;
      }
      if (!why->empty()) {
        out_ << *why << ". Try again.\n";
        continue;
      }
      out_ << "You play " << turn.move_text(m) << ".\n";
      return answer(MoveAnswer{turn.move_text(m), {}});
    }
  }
}

std::optional<std::string> HumanPlayer::check_flip_action(const FlipView& view, const std::string& text,
                                                         Move& action) const {
  MoveList list;
  view.legal_moves(list);
  const std::string square = text.substr(0, text.size() - (text.back() == '^'));
  if (const auto s = parse_square(square)) {  // a flip: `b7` or `b7^`
    for (Move m : list)
      if (is_flip(m) && from_sq(m) == *s) {
        action = m;
        return std::nullopt;
      }
    if (!(view.fields().face_down & square_bb(*s)))
      return cat({"flip: ", square, " holds no face-down piece"});
    return cat({"flip: ", square, " cannot be turned up now"});
  }
  std::string from, to;
  split_move(text, from, to);
  const auto a = parse_square(from), b = parse_square(to);
  if (!a || !b) return cat({"move: not a square: ", a ? to : from, " (squares are a1 to e12)"});
  for (Move m : list)
    if (!is_flip(m) && from_sq(m) == *a && to_sq(m) == *b) {
      action = m;
      return std::nullopt;
    }
  if (!flip_colour(view)) return std::string("move: nothing may move before a flip gives the colours");
  return cat({"move: ", from, "-", to, " is not legal (type moves for the list)"});
}

void HumanPlayer::list_flip_actions(const FlipView& view) {
  MoveList list;
  view.legal_moves(list);
  std::string flips, moves;
  int flip_count = 0;
  for (Move m : list) {
    (is_flip(m) ? flips : moves) += cat({" ", move_string(m)});
    flip_count += is_flip(m);
  }
  out_ << flip_count << " flips:" << flips << "\n" << list.size - flip_count << " moves:" << moves << "\n";
}

void HumanPlayer::game_over(const std::string& result, const std::string& reason) {
  if (four_seat_ >= 0) return four_game_over(result, reason);
  if (request_ == "draw" && reason == "agreement") out_ << "The bot accepts your draw offer.\n";
  request_.clear();
  const bool draw = result != "1-0" && result != "0-1";
  const bool won = (result == "1-0") == (side_ == kRed);
  // The plies the human has not seen yet (the move that ended it, say) and the board.
  const std::size_t seen = last_view_ ? last_view_->history().size() : last_flip_view_ ? last_flip_view_->history().size() : 0;
  if (seen > reported_tokens_) {
    if (last_view_) show_news(*last_view_);
    else show_news(*last_flip_view_);
  }
  last_view_.reset();
  last_flip_view_.reset();
  out_ << "\nGame over: " << result << " by " << reason << ". "
       << (draw  ? "A draw."
           : won ? "You won!"
                 : "You lost.")
       << "\n";
}

}  // namespace junqi::runner
