#include "runner/protocols/contest_protocol.h"

#include <algorithm>
#include <cstdio>

#include "engine/error.h"
#include "engine/geometry.h"
#include "runner/game/text.h"

namespace junqi::runner::contest {
namespace {

using Board = engine::TwoPlayerBoard;
using engine::Color;
using engine::Error;

constexpr std::string_view kLetters = "abcdefghijkl";
// Letter i names this type: the contest lists the mine (j) before the bomb (k).
constexpr engine::PieceType kLetterType[12] = {engine::kMarshal, engine::kGeneral,  engine::kDivision,
                                               engine::kBrigade, engine::kRegiment, engine::kBattalion,
                                               engine::kCompany, engine::kPlatoon,  engine::kEngineer,
                                               engine::kMine,    engine::kBomb,     engine::kFlag};

// The line without trailing blanks (a '\r' from a Windows bot, a stray space).
std::string_view right_trimmed(std::string_view line) {
  while (!line.empty() && (line.back() == ' ' || line.back() == '\r' || line.back() == '\t'))
    line.remove_suffix(1);
  return line;
}

// Checks the fixed layout: `prefix` then exactly `width` characters in all.
std::string_view fixed(std::string_view line, std::string_view prefix, size_t width, std::string_view form) {
  line = right_trimmed(line);
  if (!line.starts_with(prefix) || line.size() != width)
    throw Error(cat({"contest: expected '", form, "' (", std::to_string(width), " characters), got '",
                     line.substr(0, 80), "'"}));
  return line;
}

void expect_space(std::string_view line, size_t at, std::string_view form) {
  if (line[at] != ' ')
    throw Error(cat(
        {"contest: '", line, "': expected a space at character ", std::to_string(at), " of '", form, "'"}));
}

int digits(std::string_view line, size_t at, size_t n, std::string_view what) {
  int v = 0;
  for (size_t i = at; i < at + n; ++i) {
    if (line[i] < '0' || line[i] > '9')
      throw Error(cat({"contest: '", line, "': ", what, " must be ", std::to_string(n), " digits"}));
    v = v * 10 + (line[i] - '0');
  }
  return v;
}

engine::Square square_at(std::string_view line, size_t at, Color side, std::string_view what) {
  const auto s = parse_square(line.substr(at, 2), side);
  if (!s)
    throw Error(cat({"contest: '", line, "': ", what, " '", line.substr(at, 2), "' is no square (A0..L4)"}));
  return *s;
}

engine::Outcome outcome_at(std::string_view line, size_t at) {
  const auto o = parse_result_code(line[at]);
  if (!o) throw Error(cat({"contest: '", line, "': result code '", line.substr(at, 1), "' is not 0..3"}));
  return *o;
}

std::optional<engine::Square> flag_at(std::string_view line, size_t at, Color side) {
  if (line.substr(at, 2) == "00") return std::nullopt;
  return square_at(line, at, side, "flag square");
}

std::string flag_text(const std::optional<engine::Square>& flag, Color side) {
  return flag ? square_text(*flag, side) : "00";
}

}  // namespace

std::string square_text(engine::Square s, Color side) {
  const int rank = Board::rank_of(s), file = Board::file_of(s);
  // Red sees rank 12 as row A and file a as column 0; Blue sees the board turned round.
  const int row = side == engine::kRed ? Board::kRanks - rank : rank - 1;
  const int col = side == engine::kRed ? file : Board::kFiles - 1 - file;
  return {char('A' + row), char('0' + col)};
}

std::optional<engine::Square> parse_square(std::string_view text, Color side) {
  if (text.size() != 2 || text[0] < 'A' || text[0] > 'L' || text[1] < '0' || text[1] > '4')
    return std::nullopt;
  const int row = text[0] - 'A', col = text[1] - '0';
  const int rank = side == engine::kRed ? Board::kRanks - row : row + 1;
  const int file = side == engine::kRed ? col : Board::kFiles - 1 - col;
  return Board::square(file, rank);
}

char piece_letter(engine::PieceType t) {
  for (size_t i = 0; i < kLetters.size(); ++i)
    if (kLetterType[i] == t) return kLetters[i];
  return '?';
}

std::optional<engine::PieceType> parse_piece_letter(char c) {
  const size_t i = kLetters.find(c);
  if (i == std::string_view::npos) return std::nullopt;
  return kLetterType[i];
}

char result_code(engine::Outcome o) {
  switch (o) {
    case engine::Outcome::kDefenderWins:
      return '0';
    case engine::Outcome::kAttackerWins:
      return '1';
    case engine::Outcome::kBothDie:
      return '2';
    case engine::Outcome::kQuiet:
      break;
  }
  return '3';
}

std::optional<engine::Outcome> parse_result_code(char c) {
  switch (c) {
    case '0':
      return engine::Outcome::kDefenderWins;
    case '1':
      return engine::Outcome::kAttackerWins;
    case '2':
      return engine::Outcome::kBothDie;
    case '3':
      return engine::Outcome::kQuiet;
    default:
      return std::nullopt;
  }
}

std::string start_line(const Start& start) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "START %c %04d %02d", start.first ? '0' : '1',
                std::clamp(start.total_seconds, 1, 9999), std::clamp(start.wait, 0, 99));
  return buf;
}

// ARRAY order: own rows G (front) .. L (back) = own ranks 6 .. 1, each left to right.
std::string array_line(const engine::Deployment& d) {
  std::string line = "ARRAY ";
  for (int own_rank = Board::kRanks / 2; own_rank >= 1; --own_rank)
    for (int col = 0; col < Board::kFiles; ++col) {
      const int slot = (own_rank - 1) * Board::kFiles + col;
      if (!engine::is_camp_slot(slot)) line += piece_letter(d[slot]);
    }
  return line;
}

engine::Deployment parse_array(std::string_view line) {
  constexpr std::string_view kForm = "ARRAY <25 piece letters a..l>";
  line = fixed(line, "ARRAY ", 6 + engine::kPiecesPerSide, kForm);
  engine::Deployment d;
  d.fill(engine::kNoType);
  size_t i = 6;
  for (int own_rank = Board::kRanks / 2; own_rank >= 1; --own_rank)
    for (int col = 0; col < Board::kFiles; ++col) {
      const int slot = (own_rank - 1) * Board::kFiles + col;
      if (engine::is_camp_slot(slot)) continue;
      const auto t = parse_piece_letter(line[i]);
      if (!t)
        throw Error(cat({"contest: '", line, "': character ", std::to_string(i), " '", line.substr(i, 1),
                         "' is no piece letter a..l"}));
      d[slot] = *t;
      ++i;
    }
  return d;
}

std::string go_line(const Report& r, Color receiver) {
  std::string line = "GO ";
  if (r.move == engine::kNullMove) {
    line += "0000 0 ";
  } else {
    line += square_text(engine::from_sq(r.move), receiver);
    line += square_text(engine::to_sq(r.move), receiver);
    line += ' ';
    line += result_code(r.outcome);
    line += ' ';
  }
  line += flag_text(r.enemy_flag, receiver);
  return line;
}

std::string result_line(const Report& r, Color receiver) {
  std::string line = "RESULT ";
  line += result_code(r.outcome);
  line += ' ';
  line += flag_text(r.enemy_flag, receiver);
  return line;
}

std::string bestmove_line(engine::Move m, Color side) {
  if (m == engine::kNullMove) return "BESTMOVE 0000";
  return cat({"BESTMOVE ", square_text(engine::from_sq(m), side), square_text(engine::to_sq(m), side)});
}

Start parse_start(std::string_view line) {
  constexpr std::string_view kForm = "START f tttt ss";
  line = fixed(line, "START ", kForm.size(), kForm);
  for (size_t at : {7, 12}) expect_space(line, at, kForm);
  Start s;
  if (line[6] != '0' && line[6] != '1') throw Error(cat({"contest: '", line, "': f must be 0 or 1"}));
  s.first = line[6] == '0';
  s.total_seconds = digits(line, 8, 4, "tttt");
  s.wait = digits(line, 13, 2, "ss");
  return s;
}

Report parse_go(std::string_view line, Color receiver) {
  constexpr std::string_view kForm = "GO YXYX R FF";
  line = fixed(line, "GO ", kForm.size(), kForm);
  for (size_t at : {7, 9}) expect_space(line, at, kForm);
  Report r;
  if (line.substr(3, 4) != "0000") {
    const engine::Square from = square_at(line, 3, receiver, "from"), to = square_at(line, 5, receiver, "to");
    if (from == to) throw Error(cat({"contest: '", line, "': a move from a square to itself"}));
    r.move = engine::make_move(from, to);
    r.outcome = outcome_at(line, 8);
  }
  r.enemy_flag = flag_at(line, 10, receiver);
  return r;
}

Report parse_result(std::string_view line, Color receiver) {
  constexpr std::string_view kForm = "RESULT R FF";
  line = fixed(line, "RESULT ", kForm.size(), kForm);
  expect_space(line, 8, kForm);
  Report r;
  r.outcome = outcome_at(line, 7);
  r.enemy_flag = flag_at(line, 9, receiver);
  return r;
}

engine::Move parse_bestmove(std::string_view line, Color side) {
  constexpr std::string_view kForm = "BESTMOVE YXYX";
  line = fixed(line, "BESTMOVE ", kForm.size(), kForm);
  const engine::Square from = square_at(line, 9, side, "from"), to = square_at(line, 11, side, "to");
  if (from == to) throw Error(cat({"contest: '", line, "': a move from a square to itself"}));
  return engine::make_move(from, to);
}

std::string parse_name(std::string_view line) {
  const std::string name = trimmed(std::string(line));
  if (name.starts_with("NAME ")) return trimmed(name.substr(5));
  return name;
}

}  // namespace junqi::runner::contest
