#include "runner/game/game_text.h"

#include <set>
#include <sstream>

#include "engine/error.h"
#include "engine/notation.h"
#include "engine/view.h"
#include "runner/game/four_record.h"
#include "runner/game/text.h"

namespace junqi::runner {

using engine::Error;

namespace {

std::string quoted(const std::string& value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

void tag(std::string& out, const char* name, const std::string& value) {
  out += cat({"[", name, " ", quoted(value), "]\n"});
}

// The four-player game's tags by seat: the players and their deployments.
constexpr const char* kSeatTags[kFourSeats] = {"South", "East", "North", "West"};
constexpr const char* kSeatDeploymentTags[kFourSeats] = {"SouthDeployment", "EastDeployment", "NorthDeployment",
                                                         "WestDeployment"};

// The eliminations as the Eliminations tag holds them: "W@275:no-moves E@681:flag".
std::string eliminations_text(const std::vector<Elimination>& out) {
  std::string s;
  for (const Elimination& e : out)
    s += cat({s.empty() ? "" : " ", std::string(1, four_seat_letter(e.seat)), "@", std::to_string(e.ply), ":", e.reason});
  return s;
}

std::vector<Elimination> parse_eliminations(const std::string& text) {
  std::vector<Elimination> out;
  std::istringstream words(text);
  for (std::string w; words >> w;) {
    const size_t at = w.find('@'), colon = w.find(':');
    const auto seat = parse_four_seat_letter(w.substr(0, at));
    Elimination e;
    try {
      if (!seat || at != 1 || colon == std::string::npos || colon + 1 == w.size()) throw std::invalid_argument("");
      size_t used = 0;
      e.ply = std::stoi(w.substr(at + 1, colon - at - 1), &used);
      if (used != colon - at - 1 || e.ply < 0) throw std::invalid_argument("");
    } catch (const std::exception&) {
      throw Error(cat({"Eliminations: expected SEAT@PLY:REASON words (W@275:no-moves), got '", w, "'"}));
    }
    e.seat = *seat;
    e.reason = w.substr(colon + 1);
    out.push_back(e);
  }
  return out;
}

std::string ply_text(const MoveRecord& m, engine::GameKind kind) {
  std::string s = move_text(m, kind);
  if (m.outcome != engine::Outcome::kQuiet)
    s += cat({"(", std::string(1, engine::piece_char(m.attacker)), std::string(1, engine::piece_char(m.defender)), ")"});
  return s;
}

bool is_result(const std::string& word) { return word == "1-0" || word == "0-1" || word == "1/2-1/2" || word == "*"; }

// One game being read: its tags, then its moves up to the result.
class GameReader {
 public:
  // Takes a tag line; throws Error (without the place) if it is malformed.
  void tag_line(const std::string& line) {
    const size_t space = line.find(' ');
    if (line.size() < 5 || line.back() != ']' || space == std::string::npos || line[space + 1] != '"' ||
        line[line.size() - 2] != '"')
      throw Error("expected a tag [Name \"value\"]");
    const std::string name = line.substr(1, space - 1);
    std::string value;
    for (size_t i = space + 2; i + 2 < line.size(); ++i) {
      if (line[i] == '\\' && i + 3 < line.size()) ++i;
      value += line[i];
    }
    set(name, value);
    seen_tags_ = true;
  }

  // Takes a line of moves; true once the result ends the game (its tags all given).
  bool move_line(const std::string& line) {
    std::istringstream words(line);
    for (std::string w; words >> w;) {
      if (is_result(w)) {
        const bool four = record_.rules.kind == engine::GameKind::kFour;
        for (const char* required : {"Id", four ? "SouthNorth" : "Red", four ? "EastWest" : "Blue", "Result", "Reason"})
          if (!given_.count(required)) throw Error(cat({"the game has no ", required, " tag"}));
        if (w != record_.result) throw Error(cat({"the moves end in ", w, " but the Result tag says ", record_.result}));
        return true;
      }
      if (!w.empty() && w.back() == '.' && w.find_first_not_of("0123456789") == w.size() - 1) continue;
      record_.moves.push_back(move_of(w, record_.rules.kind));
    }
    return false;
  }

  bool started() const { return seen_tags_; }
  const GameRecord& record() const { return record_; }

 private:
  void set(const std::string& name, const std::string& v) {
    given_.insert(name);
    if (name == "Id") record_.id = v;
    else if (name == "Kind") record_.rules.set("kind", v);
    else if (name == "Red") record_.red = v;
    else if (name == "Blue") record_.blue = v;
    else if (name == "Result") record_.result = v;
    else if (name == "Reason") record_.reason = v;
    else if (name == "Detail") record_.detail = v;
    else if (name == "Date") record_.start_time = v;
    else if (name == "TimeControl") record_.time_control = v;
    else if (name == "RedDeployment") record_.red_deployment = v;
    else if (name == "BlueDeployment") record_.blue_deployment = v;
    else if (name == "Layout") record_.layout = v;
    else if (name == "SouthNorth") record_.red = v;
    else if (name == "EastWest") record_.blue = v;
    else if (name == "Eliminations") record_.eliminations = parse_eliminations(v);
    else if (name == "Seed") {
      try {
        size_t used = 0;
        record_.seed = std::stoull(v, &used);
        if (used != v.size() || v.empty() || v[0] == '-') throw std::invalid_argument("");
      } catch (const std::exception&) {
        throw Error(cat({"Seed: expected an unsigned 64-bit number, got '", v, "'"}));
      }
    } else if (name == "First") {
      if (v != "red" && v != "blue") throw Error(cat({"First: expected red or blue, got '", v, "'"}));
      record_.first_colour = v == "red" ? engine::kRed : engine::kBlue;
    } else if (name == "Rules") {
      std::istringstream words(v);
      for (std::string a; words >> a;) record_.rules.set_assignment(a);
    }
    for (int s = 0; s < kFourSeats; ++s) {
      if (name == kSeatTags[s]) record_.seat_players[s] = v;
      if (name == kSeatDeploymentTags[s]) record_.seat_deployments[s] = v;
    }
    // Other tags (an event, a site, a comment) are kept by people, not by the engine.
  }

  // A ply of a game of `kind` (the Kind tag comes before the moves).
  static MoveRecord move_of(const std::string& word, engine::GameKind kind) {
    const size_t paren = word.find('(');
    engine::Token t;
    if (kind == engine::GameKind::kFour) {
      const auto [move, outcome] = parse_four_move_text(word.substr(0, paren));
      t = engine::Token::of_move(move, outcome);
    } else {
      t = engine::parse_token(word.substr(0, paren));
    }
    if (t.kind == engine::Token::Kind::kReveal) throw Error(cat({"'", word, "': a reveal is no move"}));
    MoveRecord m{t.move, t.outcome, engine::kNoPiece, engine::kNoPiece, 0};
    if (t.kind == engine::Token::Kind::kFlip) m.turned_up = t.piece;
    const bool fight = t.kind == engine::Token::Kind::kMove && t.outcome != engine::Outcome::kQuiet;
    if (fight != (paren != std::string::npos))
      throw Error(cat({"'", word, "': ", fight ? "a fight names its two pieces, e.g. e6xe7<(Dc)" : "only a fight names pieces"}));
    if (fight) {
      const auto a = word.size() == paren + 4 ? engine::parse_piece_char(word[paren + 1]) : std::nullopt;
      const auto d = word.size() == paren + 4 ? engine::parse_piece_char(word[paren + 2]) : std::nullopt;
      if (!a || !d || word.back() != ')') throw Error(cat({"'", word, "': expected the two fighters' letters, e.g. (Dc)"}));
      m.attacker = *a;
      m.defender = *d;
    }
    return m;
  }

  GameRecord record_;
  std::set<std::string> given_;
  bool seen_tags_ = false;
};

}  // namespace

std::string to_game_text(const GameRecord& r) {
  std::string out;
  const bool four = r.rules.kind == engine::GameKind::kFour;
  tag(out, "Id", r.id);
  tag(out, "Kind", r.rules.entries().front().second);
  tag(out, four ? "SouthNorth" : "Red", r.red);
  tag(out, four ? "EastWest" : "Blue", r.blue);
  if (four)
    for (int s = 0; s < kFourSeats; ++s) tag(out, kSeatTags[s], r.seat_players[s]);
  tag(out, "Result", r.result);
  tag(out, "Reason", r.reason);
  if (!r.detail.empty()) tag(out, "Detail", r.detail);
  tag(out, "Seed", std::to_string(r.seed));
  if (!r.start_time.empty()) tag(out, "Date", r.start_time);
  if (!r.time_control.empty()) tag(out, "TimeControl", r.time_control);
  std::string rules;
  for (const auto& [key, value] : r.rules.entries()) rules += cat({rules.empty() ? "" : " ", key, "=", value});
  tag(out, "Rules", rules);
  if (four) {
    for (int s = 0; s < kFourSeats; ++s) tag(out, kSeatDeploymentTags[s], r.seat_deployments[s]);
    tag(out, "Eliminations", eliminations_text(r.eliminations));
  } else if (!r.layout.empty()) {
    tag(out, "Layout", r.layout);
    tag(out, "First", r.first_colour == engine::kRed ? "red" : "blue");
  } else {
    tag(out, "RedDeployment", r.red_deployment);
    tag(out, "BlueDeployment", r.blue_deployment);
  }
  out += "\n";
  std::string line;
  const size_t per_number = four ? kFourSeats : 2;  // a move number every round of plies
  for (size_t i = 0; i < r.moves.size(); ++i) {
    std::string word = ply_text(r.moves[i], r.rules.kind);
    if (i % per_number == 0) word = cat({std::to_string(i / per_number + 1), ". ", word});
    if (!line.empty() && line.size() + word.size() + 1 > 80) {
      out += line + "\n";
      line.clear();
    }
    line += cat({line.empty() ? "" : " ", word});
  }
  if (!line.empty()) out += line + "\n";
  return out + r.result + "\n";
}

std::vector<GameRecord> parse_game_text(const std::string& text, const std::string& source) {
  std::vector<GameRecord> games;
  std::istringstream in(text);
  GameReader game;
  bool in_moves = false;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    line = trimmed(line);
    try {
      if (line.empty()) continue;
      if (line[0] == '[' && !in_moves) {
        game.tag_line(line);
        continue;
      }
      if (!game.started()) throw Error("expected a tag [Name \"value\"] to begin a game");
      in_moves = true;
      if (game.move_line(line)) {
        games.push_back(game.record());
        game = GameReader();
        in_moves = false;
      }
    } catch (const Error& e) {
      throw Error(cat({source, ":", std::to_string(n), ": ", e.what()}));
    }
  }
  if (game.started()) throw Error(cat({source, ": the last game has no result after its moves"}));
  return games;
}

bool looks_like_game_text(const std::string& text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string::npos && text[first] == '[';
}

}  // namespace junqi::runner
