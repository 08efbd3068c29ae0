#include "engine/notation.h"

#include <charconv>
#include <vector>

#include "engine/error.h"

namespace junqi::engine {
namespace {

constexpr std::string_view kTypeLetters = "MGDRTYCPEBLF";
constexpr std::string_view kTypeNames[kPieceTypes] = {
    "Field Marshal", "General",  "Division commander", "Brigade commander",
    "Regiment commander", "Battalion commander", "Company commander", "Platoon commander",
    "Engineer", "Bomb", "Landmine", "Flag"};

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    const size_t pos = s.find(sep, start);
    parts.push_back(s.substr(start, pos - start));
    if (pos == std::string_view::npos) return parts;
    start = pos + 1;
  }
}

int parse_counter(std::string_view field, std::string_view name) {
  int n = -1;
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), n);
  if (field.empty() || ec != std::errc() || end != field.data() + field.size() || n < 0)
    throw Error("JFEN " + std::string(name) + ": expected a non-negative integer, got '" +
                std::string(field) + "'");
  return n;
}

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

std::string move_string(Move m) { return square_name(from_sq(m)) + "-" + square_name(to_sq(m)); }

Move parse_move(std::string_view s) {
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

JfenFields parse_jfen_fields(std::string_view jfen, bool allow_unknown) {
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
    for (char c : ranks[i]) {
      if (c >= '1' && c <= '5') {
        file += c - '0';
      } else {
        const auto p = parse_piece_char(c);
        if (!p) throw Error(where + ": unknown piece letter '" + std::string(1, c) + "'");
        if (type_of(*p) == kUnknownType && !allow_unknown)
          throw Error(where + ": unknown piece '" + std::string(1, c) +
                      "' is not allowed in a full-information position");
        if (file < Board::kFiles) out.board[Board::square(file, rank)] = *p;
        ++counts[color_of(*p)][type_of(*p)];
        ++file;
      }
      if (file > Board::kFiles) break;
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
  if (fields[1] != "r" && fields[1] != "b")
    throw Error("JFEN side to move: expected 'r' or 'b', got '" + std::string(fields[1]) + "'");
  out.side = fields[1] == "r" ? kRed : kBlue;
  out.quiet_plies = parse_counter(fields[2], "quiet-plies");
  out.ply = parse_counter(fields[3], "ply");
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
      const Piece p = f.board[Board::square(file, rank)];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += piece_char(p);
    }
    if (empty) out += char('0' + empty);
    if (rank > 1) out += '/';
  }
  out += f.side == kRed ? " r " : " b ";
  return out + std::to_string(f.quiet_plies) + " " + std::to_string(f.ply);
}

std::string to_jfen(const Position& pos) {
  JfenFields f;
  for (int s = 0; s < Board::kSquares; ++s) f.board[s] = pos.piece_on(Square(s));
  f.side = pos.side_to_move();
  f.quiet_plies = pos.quiet_plies();
  f.ply = pos.ply();
  return to_jfen(f);
}

}  // namespace junqi::engine
