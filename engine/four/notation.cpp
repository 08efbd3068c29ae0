#include "engine/four/notation.h"

#include <array>
#include <vector>

#include "engine/error.h"
#include "engine/four/deployment.h"
#include "engine/notation.h"
#include "engine/text_fields.h"

namespace junqi::engine::four {
std::optional<Seat> seat_of_letter(char c) {
  for (int s = 0; s < kSeats; ++s)
    if (c == kSeatLetters[s] || c == kSeatLetters[s] - 'A' + 'a') return Seat(s);
  return std::nullopt;
}

namespace {

char lower(char c) { return char(c - 'A' + 'a'); }

// One area of the board: a seat's half (owner set) or the centre (no owner, every piece
// prefixed). Rows are given from the far rank down; square(rank, file) places them.
struct Area {
  std::string name;  // "half E", "centre"
  std::optional<Seat> owner;
  int ranks, files;
  Square square(int rank, int file) const {
    return owner ? Board::square(*owner, file, rank) : Board::centre(file, rank);
  }
};

void parse_area(std::string_view text, const Area& area, std::array<Piece, Board::kSquares>& board) {
  const auto rows = split(text, '/');
  if (int(rows.size()) != area.ranks)
    throw Error("J4FEN " + area.name + " ('" + std::string(text) + "'): expected " +
                std::to_string(area.ranks) + " ranks separated by '/', got " + std::to_string(rows.size()));
  for (int i = 0; i < area.ranks; ++i) {
    const int rank = area.ranks - i;
    const std::string_view row = rows[i];
    const std::string where =
        "J4FEN " + area.name + " rank " + std::to_string(rank) + " ('" + std::string(row) + "')";
    int file = 0;
    for (size_t k = 0; k < row.size(); ++k) {
      const char c = row[k];
      if (file >= area.files)
        throw Error(where + ": describes more than " + std::to_string(area.files) + " squares");
      if (c >= '1' && c <= char('0' + area.files)) {
        file += c - '0';
        continue;
      }
      Seat seat;
      char letter = c;
      if (c >= 'A' && c <= 'Z') {
        if (!area.owner)
          throw Error(where + ": '" + std::string(1, c) +
                      "' has no seat letter; every centre piece has one (e.g. sM)");
        seat = *area.owner;
      } else if (const auto s = seat_of_letter(c); s && c >= 'a') {
        if (s == area.owner)
          throw Error(where + ": '" + std::string(row.substr(k, 2)) +
                      "': a piece of the half's owner is written " + "in uppercase alone");
        if (k + 1 == row.size())
          throw Error(where + ": seat letter '" + std::string(1, c) + "' without a piece letter");
        seat = *s;
        letter = row[++k];
      } else {
        throw Error(where + ": unknown symbol '" + std::string(1, c) +
                    "' (expected a digit, a piece letter MGDRTYCPEBLF, or s, e, n, w before one)");
      }
      const auto type = parse_type_char(letter);
      if (!type) throw Error(where + ": unknown piece letter '" + std::string(1, letter) + "'");
      board[area.square(rank, file)] = make_piece(seat, *type);
      ++file;
    }
    if (file != area.files)
      throw Error(where + ": describes " + (file > area.files ? "more" : "fewer") + " than " +
                  std::to_string(area.files) + " squares");
  }
}

void check_counts(const std::array<Piece, Board::kSquares>& board) {
  int counts[kSeats][kPieceTypes] = {};
  for (Piece p : board)
    if (p != kNoPiece) ++counts[seat_of(p)][type_of(p)];
  for (int s = 0; s < kSeats; ++s) {
    const char seat = kSeatLetters[s];
    int total = 0;
    for (int t = 0; t < kPieceTypes; ++t) {
      total += counts[s][t];
      if (counts[s][t] > kPieceCount[t])
        throw Error("J4FEN board: seat " + std::string(1, seat) + " has " + std::to_string(counts[s][t]) +
                    " " + std::string(type_name(PieceType(t))) + " (" + type_char(PieceType(t)) +
                    "), at most " + std::to_string(kPieceCount[t]));
    }
    if (total > kPiecesPerSide)
      throw Error("J4FEN board: seat " + std::string(1, seat) + " has " + std::to_string(total) +
                  " pieces, at most 25");
    if (total > 0 && counts[s][kFlag] == 0)
      throw Error("J4FEN board: seat " + std::string(1, seat) +
                  " has pieces but no Flag (a seat whose Flag is " +
                  "taken is out and its pieces leave the board)");
  }
}

// At ply 0 nothing has moved: each seat's pieces are its deployment, in its own half.
void check_start(const std::array<Piece, Board::kSquares>& board) {
  for (int sq = 0; sq < Board::kSquares; ++sq) {
    const Piece p = board[sq];
    if (p != kNoPiece && (Board::in_centre(Square(sq)) || Board::seat_of_square(Square(sq)) != seat_of(p)))
      throw Error("J4FEN at ply 0 (the start): a piece of seat " + std::string(1, seat_letter(seat_of(p))) +
                  " stands on " + square_name(Square(sq)) + ", outside its own half");
  }
  for (int s = 0; s < kSeats; ++s) {
    Deployment d;
    int pieces = 0;
    for (int slot = 0; slot < kDeploymentSlots; ++slot) {
      d[slot] = type_of(board[deployment_square(Seat(s), slot)]);
      pieces += d[slot] != kNoType;
    }
    if (pieces != kPiecesPerSide)
      throw Error("J4FEN at ply 0 (the start): seat " + std::string(1, kSeatLetters[s]) + " has " +
                  std::to_string(pieces) + " pieces; at the start every seat has all 25 in its own half");
    if (const auto err = deployment_error(d))
      throw Error("J4FEN at ply 0 (the start): seat " + std::string(1, kSeatLetters[s]) +
                  " is no legal deployment (squares in its own frame): " + *err);
  }
}

std::string piece_text(Piece p, std::optional<Seat> owner) {
  const char letter = type_char(type_of(p));
  if (owner && seat_of(p) == *owner) return std::string(1, letter);
  return std::string{lower(seat_letter(seat_of(p))), letter};
}

}  // namespace

std::string square_name(Square s) {
  const char area = Board::in_centre(s) ? 'C' : seat_letter(Board::seat_of_square(s));
  return std::string{area, char('a' + Board::file_of(s)), char('0' + Board::rank_of(s))};
}

std::optional<Square> parse_square(std::string_view s) {
  if (s.size() != 3) return std::nullopt;
  const bool centre = s[0] == 'C';
  const auto seat = seat_of_letter(s[0]);
  if (!centre && (!seat || s[0] >= 'a')) return std::nullopt;
  const int files = centre ? 3 : Board::kFiles, ranks = centre ? 3 : Board::kRanks;
  const int file = s[1] - 'a', rank = s[2] - '0';
  if (file < 0 || file >= files || rank < 1 || rank > ranks) return std::nullopt;
  return centre ? Board::centre(file, rank) : Board::square(*seat, file, rank);
}

std::string move_string(Move m) { return square_name(from_sq(m)) + "-" + square_name(to_sq(m)); }

Move parse_move(std::string_view s) {
  const size_t dash = s.find('-');
  if (dash == std::string_view::npos)
    throw Error("move '" + std::string(s) + "': expected <from>-<to>, e.g. Sa6-Ca1");
  const auto from = parse_square(s.substr(0, dash)), to = parse_square(s.substr(dash + 1));
  if (!from)
    throw Error("move '" + std::string(s) + "': bad from-square '" + std::string(s.substr(0, dash)) + "'");
  if (!to)
    throw Error("move '" + std::string(s) + "': bad to-square '" + std::string(s.substr(dash + 1)) + "'");
  if (*from == *to) throw Error("move '" + std::string(s) + "': from and to are the same square");
  return make_move(*from, *to);
}

std::string annotated_move(Move m, Outcome o) {
  if (o == Outcome::kQuiet) return four::move_string(m);
  const char mark = o == Outcome::kAttackerWins ? '>' : o == Outcome::kDefenderWins ? '<' : '=';
  return square_name(from_sq(m)) + "x" + square_name(to_sq(m)) + mark;
}

Position parse_j4fen(std::string_view j4fen, const Rules& rules) {
  const auto fields = split(j4fen, ' ');
  if (fields.size() != 4)
    throw Error("J4FEN: expected 4 fields separated by single spaces (board, side, quiet-plies, ply), got " +
                std::to_string(fields.size()));
  const auto parts = split(fields[0], '|');
  if (parts.size() != 5)
    throw Error(
        "J4FEN board: expected 5 parts separated by '|' (the S, E, N and W halves, then the centre), got " +
        std::to_string(parts.size()));
  std::array<Piece, Board::kSquares> board;
  board.fill(kNoPiece);
  for (int s = 0; s < kSeats; ++s)
    parse_area(parts[s], {"half " + std::string(1, kSeatLetters[s]), Seat(s), Board::kRanks, Board::kFiles},
               board);
  parse_area(parts[4], {"centre", std::nullopt, 3, 3}, board);
  check_counts(board);

  const std::string_view side = fields[1];
  const auto seat = side.size() == 1 && side[0] >= 'a' ? seat_of_letter(side[0]) : std::nullopt;
  if (!seat) throw Error("J4FEN side to move: expected s, e, n or w, got '" + std::string(side) + "'");
  const int quiet_plies = parse_counter(fields[2], "J4FEN quiet-plies");
  const int ply = parse_counter(fields[3], "J4FEN ply");
  if (ply == 0) check_start(board);

  Position pos;
  for (int sq = 0; sq < Board::kSquares; ++sq)
    if (board[sq] != kNoPiece) pos.put_piece(Square(sq), board[sq]);
  if (!pos.in_game(*seat))
    throw Error("J4FEN side to move: seat " + std::string(side) + " is out (it has no Flag on the board)");
  pos.set_side_to_move(*seat);
  pos.set_counters(quiet_plies, ply);
  pos.set_rules(rules);
  pos.settle();
  return pos;
}

std::string to_j4fen(const Position& pos) {
  std::string out;
  auto area = [&](std::optional<Seat> owner, int ranks, int files) {
    for (int rank = ranks; rank >= 1; --rank) {
      int empty = 0;
      for (int file = 0; file < files; ++file) {
        const Piece p = pos.piece_on(owner ? Board::square(*owner, file, rank) : Board::centre(file, rank));
        if (p == kNoPiece) {
          ++empty;
          continue;
        }
        if (empty) out += char('0' + empty);
        empty = 0;
        out += piece_text(p, owner);
      }
      if (empty) out += char('0' + empty);
      if (rank > 1) out += '/';
    }
  };
  for (int s = 0; s < kSeats; ++s) {
    area(Seat(s), Board::kRanks, Board::kFiles);
    out += '|';
  }
  area(std::nullopt, 3, 3);
  out += ' ';
  out += lower(seat_letter(pos.side_to_move()));
  return out + " " + std::to_string(pos.quiet_plies()) + " " + std::to_string(pos.ply());
}

}  // namespace junqi::engine::four
