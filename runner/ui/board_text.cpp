#include "runner/ui/board_text.h"

#include <array>
#include <initializer_list>

#include "engine/notation.h"

namespace junqi::runner {
namespace {

using namespace junqi::engine;

constexpr std::array<std::string_view, kPieceTypes> kChineseNames = {
    "司令", "军长", "师长", "旅长", "团长", "营长", "连长", "排长", "工兵", "炸弹", "地雷", "军旗"};

namespace ansi {
constexpr std::string_view kReset = "\x1b[0m";
constexpr std::string_view kRed = "\x1b[1;91m";
constexpr std::string_view kBlue = "\x1b[1;94m";
constexpr std::string_view kCamp = "\x1b[32m";
constexpr std::string_view kHeadquarters = "\x1b[33m";
constexpr std::string_view kEmpty = "\x1b[90m";
constexpr std::string_view kLastMove = "\x1b[7m";  // reverse video: visible in any palette
}  // namespace ansi

// Chinese cells are four terminal columns wide (a name is two wide characters), so the
// one-character symbols use their full-width forms to keep the columns straight.
struct Symbols {
  std::string_view unknown, face_down, rail, post, crossing, mountain;
};
constexpr Symbols kAsciiSymbols = {"?", "#", "=", ".", " | ", " ^ "};
constexpr Symbols kChineseSymbols = {" ？ ", " 暗 ", " ＝ ", " ・ ", "  ||  ", "  山  "};

const Symbols& symbols(const BoardStyle& style) { return style.ascii ? kAsciiSymbols : kChineseSymbols; }

// Joins the parts of a message (GCC 12 at -O3 warns falsely on "literal" + std::string).
std::string cat(std::initializer_list<std::string_view> parts) {
  std::string s;
  for (std::string_view p : parts) s += p;
  return s;
}

std::string_view side_color(Color c) { return c == kRed ? ansi::kRed : ansi::kBlue; }
std::string side_name(Color c) { return c == kRed ? "Red" : "Blue"; }

class Painter {
 public:
  explicit Painter(const BoardStyle& style) : style_(style) {}
  void add(std::string& out, std::string_view text, std::string_view color) const {
    if (style_.color && !color.empty()) {
      out += color;
      out += text;
      out += ansi::kReset;
    } else {
      out += text;
    }
  }

 private:
  const BoardStyle& style_;
};

// What a board shows on one square: a piece (perhaps of unknown type) or, in the flip
// game, a face-down piece nobody may know.
struct Shown {
  Piece piece = kNoPiece;
  bool face_down = false;
};

std::string cell(Shown shown, Square s, bool highlighted, const BoardStyle& style) {
  const auto& T = Board::kT;
  const auto bb = square_bb(s);
  const Painter paint(style);
  const Piece p = shown.piece;
  std::string content;
  std::string_view color = ansi::kEmpty;
  if (shown.face_down) {
    content = symbols(style).face_down;
    color = "";
  } else if (p == kNoPiece) {
    content = (T.railway & bb) ? symbols(style).rail : symbols(style).post;
  } else {
    color = side_color(color_of(p));
    if (type_of(p) == kUnknownType)
      content = symbols(style).unknown;
    else if (style.ascii)
      content = std::string(1, piece_char(p));
    else
      content = chinese_name(type_of(p));
  }
  const bool camp = T.camps & bb, hq = T.headquarters & bb;
  const std::string_view frame = camp ? "()" : hq ? "[]" : "  ";
  const std::string_view frame_color = camp ? ansi::kCamp : hq ? ansi::kHeadquarters : "";
  std::string out;
  paint.add(out, frame.substr(0, 1), frame_color);
  if (highlighted && style.color) out += ansi::kLastMove;
  paint.add(out, content, color);
  paint.add(out, frame.substr(1, 1), frame_color);
  return out;
}

// The last move or flip of the history, whoever made it: its squares are highlighted.
Move last_move(const std::vector<Token>& history) {
  for (auto it = history.rbegin(); it != history.rend(); ++it)
    if (it->kind != Token::Kind::kReveal) return it->move;
  return kNullMove;
}

// The grid of ranks and files as `me` sees it (its own half at the bottom), then the
// file letters. `at` says what each square shows.
template <class At>
std::string draw_grid(Color me, const At& at, Move last, const BoardStyle& style) {
  const int cell_width = style.ascii ? 3 : 6;
  // Each side sees its own half at the bottom, its own left on the left.
  auto file_at = [&](int column) { return me == kRed ? column : Board::kFiles - 1 - column; };
  std::string out;
  for (int row = 0; row < Board::kRanks; ++row) {
    const int rank = me == kRed ? Board::kRanks - row : row + 1;
    if (rank < 10) out += ' ';
    out += std::to_string(rank);
    out += ' ';
    for (int column = 0; column < Board::kFiles; ++column) {
      const Square s = Board::square(file_at(column), rank);
      const bool highlighted = last != kNullMove && (from_sq(last) == s || (!is_flip(last) && to_sq(last) == s));
      out += cell(at(s), s, highlighted, style);
    }
    out += '\n';
    if (row == Board::kRanks / 2 - 1) {  // the front line: railway crossings on a c e, mountains on b d
      out += "   ";
      for (int column = 0; column < Board::kFiles; ++column)
        out += file_at(column) % 2 == 0 ? symbols(style).crossing : symbols(style).mountain;
      out += '\n';
    }
  }
  out += "   ";
  for (int column = 0; column < Board::kFiles; ++column) {
    std::string label(size_t(cell_width), ' ');
    label[size_t(cell_width / 2)] = char('a' + file_at(column));
    out += label;
  }
  out += '\n';
  return out;
}

// The counters and the last move, ending a board's status line.
std::string counters(int ply, int quiet_plies, const Rules& rules, Move last) {
  std::string out = cat({"ply ", std::to_string(ply), ", plies without a capture ", std::to_string(quiet_plies),
                         " (draw at ", std::to_string(rules.no_capture_draw), ")"});
  if (last != kNullMove) out += cat({", last ", is_flip(last) ? "flip " : "move ", move_string(last)});
  return out + "\n";
}

std::string fight_text(Color me, Piece attacker, Piece defender, Outcome o, const BoardStyle& style) {
  const bool we_attacked = color_of(attacker) == me;
  const Piece mine = we_attacked ? attacker : defender;
  const Piece theirs = we_attacked ? defender : attacker;
  std::string my = "your ";
  my += piece_label(mine, style);
  std::string their;  // empty unless the rules showed their piece
  if (type_of(theirs) != kUnknownType) {
    their = "their ";
    their += piece_label(theirs, style);
  }
  switch (o) {
    case Outcome::kAttackerWins:
      if (we_attacked) return their.empty() ? my + " won" : my + " took " + their;
      return their.empty() ? my + " was lost" : my + " was lost to " + their;
    case Outcome::kDefenderWins:
      if (we_attacked) return their.empty() ? my + " was lost" : my + " was lost to " + their;
      return my + " held";
    case Outcome::kBothDie:
      return my + " and " + (their.empty() ? std::string("the enemy piece") : their) + " both fell";
    case Outcome::kQuiet:
      break;
  }
  return "";
}

}  // namespace

std::string_view chinese_name(PieceType t) { return t < kPieceTypes ? kChineseNames[t] : "?"; }

std::string piece_label(Piece p, const BoardStyle& style) {
  if (type_of(p) >= kPieceTypes) return "?";
  // Letters as the board draws them: Red's uppercase, Blue's lowercase.
  return style.ascii ? std::string(1, piece_char(p)) : std::string(chinese_name(type_of(p)));
}

std::string draw_board(const View& view, const BoardStyle& style) {
  const Color me = view.side();
  const Move last = last_move(view.history());
  std::string out = draw_grid(me, [&](Square s) { return Shown{view.board().piece_on(s), false}; }, last, style);
  out += style.ascii
             ? "?: enemy piece  (): camp  []: headquarters  =: railway  |: front crossing  ^: mountains\n"
             : "？ enemy piece  () camp 行营  [] headquarters 大本营  ＝ railway  ・ post  山 mountains\n";
  const Position& b = view.board();
  out += cat({"You are ", side_name(me), ". ", side_name(b.side_to_move()), " to move, "});
  return out + counters(b.ply(), b.quiet_plies(), view.rules(), last);
}

std::string draw_whole_board(const JfenFields& f, Color me, const BoardStyle& style) {
  // Every identity, face-down pieces too: the game is over and nothing is hidden any more.
  std::string out = draw_grid(me, [&](Square s) { return Shown{f.board[s], false}; }, kNullMove, style);
  out += style.ascii ? "Red uppercase, Blue lowercase  (): camp  []: headquarters  =: railway\n"
                     : "Red's pieces in red, Blue's in blue (--ascii tells them apart without colour)  () camp 行营  [] headquarters 大本营\n";
  return out;
}

std::optional<Color> flip_colour(const FlipView& view) {
  const JfenFields f = view.fields();
  if (!f.colours_assigned) return std::nullopt;
  return view.our_turn() ? f.side : ~f.side;
}

std::string draw_flip_board(const FlipView& view, const BoardStyle& style) {
  const JfenFields f = view.fields();
  const std::optional<Color> me = flip_colour(view);
  const Move last = last_move(view.history());
  // Before the colours are given the first player sees the board as Red will.
  const Color seen_as = me ? *me : Color(view.player());
  std::string out = draw_grid(
      seen_as, [&](Square s) { return Shown{f.board[s], bool(f.face_down & square_bb(s))}; }, last, style);
  out += style.ascii ? "#: face down  (): camp  []: headquarters  =: railway  |: front crossing  ^: mountains\n"
                     : "暗 face down  () camp 行营  [] headquarters 大本营  ＝ railway  ・ post  山 mountains\n";
  const char* seat = view.player() == 0 ? "first" : "second";
  if (me)
    out += cat({"You are ", side_name(*me), " (the ", seat, " player). ", side_name(f.side), " to move, "});
  else
    out += cat({"You are the ", seat, " player; colours are not given yet. ", view.our_turn() ? "You" : "They",
                " to flip, "});
  return out + counters(f.ply, f.quiet_plies, view.rules(), last);
}

std::vector<std::string> describe_flip_plies(const FlipView& view, std::size_t first, const BoardStyle& style) {
  const auto& history = view.history();
  // Replaying the history tells which pieces fought; the view only holds what is left.
  FlipView replay(view.player(), view.rules());
  const std::optional<Color> me = flip_colour(view);
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < history.size(); ++i) {
    const Token& t = history[i];
    if (i >= first) {
      std::string line = replay.our_turn() ? "you  " : "they ";
      if (t.kind == Token::Kind::kFlip) {
        line += cat({"flipped ", square_name(t.square), ": ", side_name(color_of(t.piece)), " ",
                     piece_label(t.piece, style)});
      } else if (t.outcome == Outcome::kQuiet) {
        line += move_string(t.move);
      } else {
        const JfenFields f = replay.fields();
        line += cat({square_name(from_sq(t.move)), "x", square_name(to_sq(t.move)), ": "});
        line += fight_text(me.value_or(kRed), f.board[from_sq(t.move)], f.board[to_sq(t.move)], t.outcome, style);
      }
      lines.push_back(line);
    }
    replay.apply(t);
  }
  return lines;
}

std::vector<std::string> describe_plies(const View& view, std::size_t first, const BoardStyle& style) {
  const Color me = view.side();
  const auto& history = view.history();
  // Replaying the view's own history tells which of our pieces stood on a square before
  // a fight removed it; the view itself only holds what is left.
  View replay(me, view.own_deployment(), view.rules());
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < history.size(); ++i) {
    const Token& t = history[i];
    const Position& b = replay.board();
    if (i >= first && t.kind == Token::Kind::kMove) {
      std::string line = b.side_to_move() == me ? "you  " : "they ";
      if (t.outcome == Outcome::kQuiet) {
        line += move_string(t.move);
      } else {
        line += square_name(from_sq(t.move));
        line += 'x';
        line += square_name(to_sq(t.move));
        line += ": ";
        line += fight_text(me, b.piece_on(from_sq(t.move)), b.piece_on(to_sq(t.move)), t.outcome, style);
      }
      lines.push_back(line);
    } else if (i >= first && t.kind == Token::Kind::kReveal && b.ply() > 0) {
      // Reveals before the first move are an open game's starting board, not news.
      const bool theirs = color_of(t.piece) != me;
      std::string line = theirs ? "     revealed: their " : "     revealed to them: your ";
      line += piece_label(t.piece, style) + " on " + square_name(t.square);
      lines.push_back(line);
    }
    replay.apply(t);
  }
  return lines;
}

}  // namespace junqi::runner
