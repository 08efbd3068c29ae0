#include "engine/notation.h"

#include <charconv>
#include <vector>

#include "engine/error.h"
#include "engine/text_fields.h"

namespace junqi::engine {
namespace {

constexpr std::string_view kTypeLetters = "MGDRTYCPEBLF";
constexpr std::string_view kTypeNames[kPieceTypes] = {
    "Field Marshal", "General",  "Division commander", "Brigade commander",
    "Regiment commander", "Battalion commander", "Company commander", "Platoon commander",
    "Engineer", "Bomb", "Landmine", "Flag"};

}  // namespace

std::string square_name(Square s) {
  return std::string(1, char('a' + Board::file_of(s))) + std::to_string(Board::rank_of(s));
}

std::optional<Square> parse_square(std::string_view s) {
  if (s.size() < 2 || s.size() > 3 || s[0] < 'a' || s[0] > 'e') return std::nullopt;
  int rank = 0;
  const auto [end, ec] = std::from_chars(s.data() + 1, s.data() + s.size(), rank);
  if (ec != std::errc() || end != s.data() + s.size() || s[1] == '0' || rank < 1 || rank > 12)
    return std::nullopt;
  return Board::square(s[0] - 'a', rank);
}

std::string_view type_name(PieceType t) { return t < kPieceTypes ? kTypeNames[t] : "unknown piece"; }

char type_char(PieceType t) { return t < kPieceTypes ? kTypeLetters[t] : t == kUnknownType ? 'X' : '.'; }

std::optional<PieceType> parse_type_char(char c) {
  const size_t i = kTypeLetters.find(c);
  if (i == std::string_view::npos) return std::nullopt;
  return PieceType(i);
}

char piece_char(Piece p) {
  if (p == kNoPiece) return '.';
  const char c = type_char(type_of(p));
  return color_of(p) == kRed ? c : char(c - 'A' + 'a');
}

std::optional<Piece> parse_piece_char(char c) {
  const bool red = c >= 'A' && c <= 'Z';
  const char upper = red ? c : char(c - 'a' + 'A');
  if (upper == 'X') return make_piece(red ? kRed : kBlue, kUnknownType);
  const auto t = parse_type_char(upper);
  if (!t) return std::nullopt;
  return make_piece(red ? kRed : kBlue, *t);
}

std::string move_string(Move m) {
  if (is_flip(m)) return square_name(from_sq(m)) + "^";
  return square_name(from_sq(m)) + "-" + square_name(to_sq(m));
}

Move parse_move(std::string_view s) {
  if (!s.empty() && s.back() == '^') {
    const auto square = parse_square(s.substr(0, s.size() - 1));
    if (!square) throw Error("flip '" + std::string(s) + "': bad square '" + std::string(s.substr(0, s.size() - 1)) + "'");
    return make_flip(*square);
  }
  const size_t dash = s.find('-');
  if (dash == std::string_view::npos)
    throw Error("move '" + std::string(s) + "': expected <from>-<to>, e.g. a6-a7");
  const auto from = parse_square(s.substr(0, dash)), to = parse_square(s.substr(dash + 1));
  if (!from) throw Error("move '" + std::string(s) + "': bad from-square '" + std::string(s.substr(0, dash)) + "'");
  if (!to) throw Error("move '" + std::string(s) + "': bad to-square '" + std::string(s.substr(dash + 1)) + "'");
  if (*from == *to) throw Error("move '" + std::string(s) + "': from and to are the same square");
  return make_move(*from, *to);
}

std::string annotated_move(Move m, Outcome o) {
  switch (o) {
    case Outcome::kQuiet: return move_string(m);
    case Outcome::kAttackerWins: return square_name(from_sq(m)) + "x" + square_name(to_sq(m)) + ">";
    case Outcome::kDefenderWins: return square_name(from_sq(m)) + "x" + square_name(to_sq(m)) + "<";
    case Outcome::kBothDie: return square_name(from_sq(m)) + "x" + square_name(to_sq(m)) + "=";
  }
  return {};
}

JfenFields parse_jfen_fields(std::string_view jfen, bool allow_unknown, bool flip) {
  const auto fields = split(jfen, ' ');
  if (fields.size() != 4)
    throw Error("JFEN: expected 4 fields separated by single spaces (board, side, quiet-plies, ply), got " +
                std::to_string(fields.size()));
  JfenFields out;
  out.board.fill(kNoPiece);
  const auto ranks = split(fields[0], '/');
  if (ranks.size() != size_t(Board::kRanks))
    throw Error("JFEN board: expected 12 ranks separated by '/', got " + std::to_string(ranks.size()));
  int counts[kColors][kPieceTypes + 1] = {};
  for (int i = 0; i < Board::kRanks; ++i) {
    const int rank = Board::kRanks - i;
    const std::string where = "JFEN rank " + std::to_string(rank) + " ('" + std::string(ranks[i]) + "')";
    int file = 0;
    for (size_t k = 0; k < ranks[i].size() && file <= Board::kFiles; ++k) {
      const char c = ranks[i][k];
      if (c >= '1' && c <= '5') {
        file += c - '0';
        continue;
      }
      const bool down = flip && (c == '*' || c == '?');
      if (down && file < Board::kFiles) out.face_down |= square_bb(Board::square(file, rank));
      if (down && c == '?') {
        if (!allow_unknown)
          throw Error(where + ": an unknown face-down piece '?' is not allowed in a full-information position");
        ++file;
        continue;
      }
      const char letter = c == '*' && down ? (k + 1 < ranks[i].size() ? ranks[i][++k] : ' ') : c;
      const auto p = parse_piece_char(letter);
      if (!p) throw Error(where + ": unknown piece letter '" + std::string(1, letter) + "'");
      if (type_of(*p) == kUnknownType && (!allow_unknown || down))
        throw Error(where + ": unknown piece '" + std::string(1, letter) + "' is not allowed " +
                    (down ? "face down (write '?')" : "in a full-information position"));
      if (file < Board::kFiles) out.board[Board::square(file, rank)] = *p;
      ++counts[color_of(*p)][type_of(*p)];
      ++file;
    }
    if (file != Board::kFiles)
      throw Error(where + ": describes " + std::string(file > Board::kFiles ? "more" : "fewer") +
                  " than 5 squares");
  }
  for (int c = 0; c < kColors; ++c) {
    int total = 0;
    for (int t = 0; t <= kPieceTypes; ++t) total += counts[c][t];
    for (int t = 0; t < kPieceTypes; ++t)
      if (counts[c][t] > kPieceCount[t])
        throw Error("JFEN board: " + std::to_string(counts[c][t]) + " " + (c == kRed ? "red" : "blue") + " " +
                    std::string(kTypeNames[t]) + " (" + piece_char(make_piece(Color(c), PieceType(t))) +
                    "), at most " + std::to_string(kPieceCount[t]));
    if (total > kPiecesPerSide)
      throw Error("JFEN board: " + std::to_string(total) + " " + (c == kRed ? "red" : "blue") +
                  " pieces, at most 25");
  }
  const std::string_view side = fields[1];
  if (side == "r" || side == "b") {
    out.side = side == "r" ? kRed : kBlue;
  } else if (flip && (side == "1" || side == "2")) {
    out.side = side == "1" ? kRed : kBlue;
    out.colours_assigned = false;
  } else {
    throw Error("JFEN side to move: expected " + std::string(flip ? "'r', 'b', '1' or '2'" : "'r' or 'b'") +
                ", got '" + std::string(side) + "'");
  }
  out.quiet_plies = parse_counter(fields[2], "JFEN quiet-plies");
  out.ply = parse_counter(fields[3], "JFEN ply");
  return out;
}

Position parse_jfen(std::string_view jfen, const Rules& rules) {
  const JfenFields f = parse_jfen_fields(jfen, false);
  Position pos;
  for (int s = 0; s < Board::kSquares; ++s)
    if (f.board[s] != kNoPiece) pos.put_piece(Square(s), f.board[s]);
  pos.set_side_to_move(f.side);
  pos.set_counters(f.quiet_plies, f.ply);
  pos.set_rules(rules);
  return pos;
}

std::string to_jfen(const JfenFields& f) {
  std::string out;
  for (int rank = Board::kRanks; rank >= 1; --rank) {
    int empty = 0;
    for (int file = 0; file < Board::kFiles; ++file) {
      const Square s = Board::square(file, rank);
      const Piece p = f.board[s];
      const bool down = f.face_down & square_bb(s);
      if (p == kNoPiece && !down) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      if (down) out += p == kNoPiece ? '?' : '*';
      if (p != kNoPiece) out += piece_char(p);
    }
    if (empty) out += char('0' + empty);
    if (rank > 1) out += '/';
  }
  out += ' ';
  out += f.colours_assigned ? (f.side == kRed ? 'r' : 'b') : (f.side == kRed ? '1' : '2');
  return out + " " + std::to_string(f.quiet_plies) + " " + std::to_string(f.ply);
}

std::string to_jfen(const Position& pos) {
  JfenFields f;
  for (int s = 0; s < Board::kSquares; ++s) f.board[s] = pos.piece_on(Square(s));
  f.side = pos.side_to_move();
  f.quiet_plies = pos.quiet_plies();
  f.ply = pos.ply();
  return to_jfen(f);
}

FlipPosition parse_flip_jfen(std::string_view jfen, const Rules& rules) {
  const JfenFields f = parse_jfen_fields(jfen, false, true);
  if (f.face_down & Board::kT.camps)
    throw Error("flip JFEN: a face-down piece stands in a camp (camps start empty and face-down pieces never move)");
  FlipPosition pos;
  int pieces = 0;
  for (int s = 0; s < Board::kSquares; ++s)
    if (f.board[s] != kNoPiece) {
      pos.put_piece(Square(s), f.board[s], f.face_down & square_bb(Square(s)));
      ++pieces;
    }
  if (!f.colours_assigned && pieces != 2 * kPiecesPerSide)
    throw Error("flip JFEN: " + std::to_string(pieces) +
                " pieces before colours are assigned; no piece can have been removed yet, so all 50 must stand");
  pos.set_side_to_move(f.side, f.colours_assigned);
  pos.set_counters(f.quiet_plies, f.ply);
  pos.set_rules(rules);
  return pos;
}

std::string to_jfen(const FlipPosition& pos) {
  JfenFields f;
  for (int s = 0; s < Board::kSquares; ++s) f.board[s] = pos.board().piece_on(Square(s));
  f.face_down = pos.face_down();
  f.colours_assigned = pos.colours_assigned();
  f.side = pos.side_to_move();
  f.quiet_plies = pos.board().quiet_plies();
  f.ply = pos.board().ply();
  return to_jfen(f);
}

}  // namespace junqi::engine
