#include "runner/game/four_record.h"

#include "engine/four/notation.h"
#include "engine/four/seat.h"
#include "engine/notation.h"
#include "runner/game/text.h"

namespace junqi::runner {

using engine::Error;
using nlohmann::json;

std::string four_move_text(const MoveRecord& m) { return engine::four::annotated_move(m.move, m.outcome); }

std::pair<engine::Move, engine::Outcome> parse_four_move_text(std::string_view text) {
  // A fight is the quiet form with `x` for `-` and the outcome mark after it.
  const size_t x = text.find('x');
  if (x == std::string_view::npos) return {engine::four::parse_move(text), engine::Outcome::kQuiet};
  const char mark = text.empty() ? ' ' : text.back();
  const engine::Outcome o = mark == '>'   ? engine::Outcome::kAttackerWins
                            : mark == '<' ? engine::Outcome::kDefenderWins
                            : mark == '=' ? engine::Outcome::kBothDie
                                          : engine::Outcome::kQuiet;
  if (o == engine::Outcome::kQuiet)
    throw Error(cat({"move '", text, "': a fight ends in >, < or =, e.g. Sa6xCa1>"}));
  std::string quiet(text.substr(0, text.size() - 1));
  quiet[x] = '-';
  return {engine::four::parse_move(quiet), o};
}

std::string_view four_result_name(engine::four::Result result) {
  using engine::four::Result;
  return result == Result::kSouthNorthWins ? "1-0"
         : result == Result::kEastWestWins ? "0-1"
         : result == Result::kDraw         ? "1/2-1/2"
                                           : "*";
}

char four_seat_letter(int seat) { return engine::four::seat_letter(engine::four::Seat(seat)); }

std::optional<int> parse_four_seat_letter(std::string_view text) {
  for (int s = 0; s < kFourSeats; ++s)
    if (text.size() == 1 && text[0] == four_seat_letter(s)) return s;
  return std::nullopt;
}

void write_four_fields(const GameRecord& r, json& j) {
  j["teams"] = {r.red, r.blue};
  j["players"] = r.seat_players;
  json settings = json::array();
  for (const auto& s : r.seat_settings) settings.push_back(s);
  j["settings"] = settings;
  j["deployments"] = r.seat_deployments;
  json out = json::array();
  for (const Elimination& e : r.eliminations)
    out.push_back({{"seat", std::string(1, four_seat_letter(e.seat))}, {"ply", e.ply}, {"reason", e.reason}});
  j["eliminations"] = out;
  json moves = json::array();
  for (const MoveRecord& m : r.moves) {
    json mj = {{"move", four_move_text(m)}, {"ms", m.ms}};
    if (m.outcome != engine::Outcome::kQuiet) {
      mj["attacker"] = std::string(1, engine::piece_char(engine::Piece(engine::type_of(m.attacker))));
      mj["defender"] = std::string(1, engine::piece_char(engine::Piece(engine::type_of(m.defender))));
    }
    moves.push_back(std::move(mj));
  }
  j["moves"] = moves;
}

namespace {

// Exactly four elements, one per seat.
std::vector<JsonField> four_elements(const JsonField& f) {
  std::vector<JsonField> e = f.elements();
  if (e.size() != kFourSeats) f.fail("expected 4 entries, one per seat (S, E, N, W)");
  return e;
}

// A fight's piece in a four-player record: a piece type letter (uppercase).
engine::Piece fighter_type(const JsonField& f) {
  return f.parse_text([](const std::string& t) {
    const auto p = t.size() == 1 ? engine::parse_piece_char(t[0]) : std::nullopt;
    if (!p || *p != engine::Piece(engine::type_of(*p)) || engine::type_of(*p) == engine::kUnknownType)
      throw Error(cat({"expected an uppercase piece letter, got '", t, "'"}));
    return *p;
  });
}

}  // namespace

void read_four_fields(const JsonField& j, GameRecord& r) {
  const std::vector<JsonField> teams = j["teams"].elements();
  if (teams.size() != 2) j["teams"].fail("expected 2 team names: South+North, East+West");
  r.red = teams[0].text();
  r.blue = teams[1].text();
  const std::vector<JsonField> players = four_elements(j["players"]);
  const std::vector<JsonField> deployments = four_elements(j["deployments"]);
  for (int s = 0; s < kFourSeats; ++s) {
    r.seat_players[s] = players[s].text();
    r.seat_deployments[s] = deployments[s].text();
  }
  if (const auto settings = j.find("settings")) {
    const std::vector<JsonField> each = four_elements(*settings);
    for (int s = 0; s < kFourSeats; ++s)
      for (const auto& [key, value] : each[s].members()) r.seat_settings[s][key] = value.text();
  }
  for (const JsonField& e : j["eliminations"].elements()) {
    Elimination out;
    out.seat = e["seat"].parse_text([](const std::string& t) {
      const auto s = parse_four_seat_letter(t);
      if (!s) throw Error(cat({"expected a seat letter S, E, N or W, got '", t, "'"}));
      return *s;
    });
    out.ply = e["ply"].integer();
    out.reason = e["reason"].text();
    r.eliminations.push_back(out);
  }
  for (const JsonField& m : j["moves"].elements()) {
    const auto [move, outcome] = m["move"].parse_text(parse_four_move_text);
    const std::optional<JsonField> ms = m.find("ms");
    MoveRecord mr{move, outcome, engine::kNoPiece, engine::kNoPiece, ms ? ms->int64() : 0};
    if (outcome != engine::Outcome::kQuiet) {
      mr.attacker = fighter_type(m["attacker"]);
      mr.defender = fighter_type(m["defender"]);
    }
    r.moves.push_back(mr);
  }
}

}  // namespace junqi::runner
