// A human at the terminal in the four-player game: the cross board from their seat, what
// each move did, moves typed as Sa6-Ca1 (any case), and the end told for their team.
#include <algorithm>
#include <cctype>
#include <istream>
#include <ostream>

#include "engine/four/notation.h"
#include "engine/four/seat.h"
#include "engine/notation.h"
#include "runner/game/text.h"
#include "runner/players/human_player.h"
#include "runner/ui/four_board_text.h"

namespace junqi::runner {
namespace {

using namespace junqi::engine;
namespace four = junqi::engine::four;

constexpr const char* kSeatNames[four::kSeats] = {"South", "East", "North", "West"};

// A typed square in any case ("sa6", "CA1") as notation writes it ("Sa6", "Ca1").
std::string square_text(std::string s) {
  if (!s.empty()) s[0] = char(std::toupper(static_cast<unsigned char>(s[0])));
  for (std::size_t i = 1; i < s.size(); ++i) s[i] = char(std::tolower(static_cast<unsigned char>(s[i])));
  return s;
}

// What a history token says, in words.
std::string token_words(const four::Token& t, const BoardStyle& style) {
  switch (t.kind) {
    case four::Token::Kind::kMove: {
      const std::string move = four::token_string(t);
      switch (t.outcome) {
        case Outcome::kAttackerWins: return move + "  (the attacker won)";
        case Outcome::kDefenderWins: return move + "  (the defender won)";
        case Outcome::kBothDie: return move + "  (both fell)";
        case Outcome::kQuiet: break;
      }
      return move;
    }
    case four::Token::Kind::kReveal:
      return cat({kSeatNames[four::seat_of(t.piece)], "'s ",
                  style.ascii ? std::string(1, type_char(type_of(t.piece))) : std::string(chinese_name(type_of(t.piece))),
                  " is on ", four::square_name(t.square)});
    case four::Token::Kind::kOut:
      return cat({kSeatNames[t.seat], " is out (", reason_name(t.reason), "): its pieces leave the board"});
  }
  return "";
}

Answer<MoveAnswer> resign() { return answer(MoveAnswer{"resign", {}}); }

Move last_move_of(const four::FourView& view) {
  for (auto it = view.history().rbegin(); it != view.history().rend(); ++it)
    if (it->kind == four::Token::Kind::kMove) return it->move;
  return kNullMove;
}

}  // namespace

Answer<bool> HumanPlayer::new_four_game(int seat, const Rules& rules, uint64_t seed, Deadline) {
  four_seat_ = seat;
  side_ = kRed;  // deployments are drawn in the seat's own frame, as Red's
  seat_ = kRed;
  rules_ = rules;
  hint_bot_.reset();
  flip_ = false;
  rng_ = Rng(seed);
  resign_pending_ = false;
  reported_tokens_ = 0;
  last_four_view_.reset();
  const four::Seat me = four::Seat(seat);
  const four::Seat left = four::left_of(me), right = four::ally_of(left);
  out_ << "New four-player game (四国): you play " << kSeatNames[me] << ", your partner " << kSeatNames[four::ally_of(me)]
       << " is a bot; " << kSeatNames[std::min(left, right)] << " and " << kSeatNames[std::max(left, right)]
       << " are the other team. Seats move South, East, North, West. Type moves as Sa6-Ca1, or help.\n"
       << "Your deployment is in your own half, drawn and typed as Red's would be.\n";
  return answer(true);
}

void HumanPlayer::show_news(const four::FourView& view) {
  out_ << "\n";
  for (std::size_t i = reported_tokens_; i < view.history().size(); ++i)
    out_ << token_words(view.history()[i], options_.style) << "\n";
  reported_tokens_ = view.history().size();
  out_ << draw_four_board(view.board(), view.seat(), options_.style, last_move_of(view));
}

Answer<MoveAnswer> HumanPlayer::go_four(const four::FourView& view, const search::Limits&, Deadline deadline) {
  if (resign_pending_) return resign();
  last_four_view_ = view;
  show_news(view);
  TurnCommands turn;
  turn.parse = [&](const std::string& text, Move& m) -> std::optional<std::string> {
    // "sa6-ca1", "Sa6xCa1" or "sa6 ca1": two three-letter squares.
    if (text.size() < 6 || !std::isalpha(static_cast<unsigned char>(text[0]))) return std::nullopt;
    std::size_t i = 3;
    while (i < text.size() && (text[i] == '-' || text[i] == 'x' || text[i] == ' ')) ++i;
    const std::string from = square_text(text.substr(0, 3)), to = square_text(text.substr(i));
    const auto a = four::parse_square(from), b = four::parse_square(to);
    if (!a || !b) return cat({"Illegal move: not a square: ", a ? to : from, " (squares are Sa1 to We6, Ca1 to Cc3)"});
    four::MoveList list;
    view.legal_moves(list);
    for (Move legal : list)
      if (legal == make_move(*a, *b)) {
        m = legal;
        return "";
      }
    return cat({"Illegal move: ", from, "-", to, " is not legal (type moves for the list)"});
  };
  turn.redraw = [&] { out_ << draw_four_board(view.board(), view.seat(), options_.style, last_move_of(view)); };
  turn.list = [&] {
    four::MoveList list;
    view.legal_moves(list);
    out_ << list.size << " moves:";
    for (Move m : list) out_ << " " << four::move_string(m);
    out_ << "\n";
  };
  turn.hint = [&] { out_ << "No hints in the four-player game yet.\n"; };
  turn.belief = [&] { out_ << "No belief view in the four-player game yet.\n"; };
  turn.move_text = four::move_string;
  turn.requests = false;
  const std::string prompt = cat({kSeatNames[four_seat_], "> "});
  return prompt_move(prompt.c_str(), deadline, turn);
}

void HumanPlayer::four_game_over(const std::string& result, const std::string& reason) {
  if (last_four_view_ && last_four_view_->history().size() > reported_tokens_) show_news(*last_four_view_);
  last_four_view_.reset();
  const bool draw = result != "1-0" && result != "0-1";
  const bool won = (result == "1-0") == (four::team_of(four::Seat(four_seat_)) == 0);
  out_ << "\nGame over: " << result << " by " << reason << ". "
       << (draw  ? "A draw."
           : won ? "Your team won!"
                 : "Your team lost.")
       << "\n";
  four_seat_ = -1;
}

}  // namespace junqi::runner
