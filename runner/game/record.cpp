#include "runner/game/record.h"

#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "engine/error.h"
#include "engine/notation.h"
#include "engine/view.h"
#include "runner/game/four_record.h"
#include "runner/game/json_input.h"
#include "runner/game/text.h"

namespace junqi::runner {

using engine::Error;
using nlohmann::json;

std::string move_text(const MoveRecord& m, engine::GameKind kind) {
  if (kind == engine::GameKind::kFour) return four_move_text(m);
  if (engine::is_flip(m.move)) return engine::token_string(engine::Token::of_flip(m.turned_up, engine::from_sq(m.move)));
  return engine::annotated_move(m.move, m.outcome);
}

std::string utc_timestamp() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string to_json_line(const GameRecord& r) {
  json rules = json::object();
  for (const auto& [key, value] : r.rules.entries()) rules[key] = value;
  json j = {{"id", r.id},
            {"kind", rules["kind"]},
            {"rules", rules},
            {"time_control", r.time_control},
            {"result", r.result},
            {"reason", r.reason},
            {"plies", r.moves.size()},
            {"start_time", r.start_time},
            {"seed", r.seed}};
  if (r.rules.kind == engine::GameKind::kFour) {
    write_four_fields(r, j);
  } else {
    json moves = json::array();
    for (const MoveRecord& m : r.moves) {
      json mj = {{"move", move_text(m)}, {"ms", m.ms}};
      if (m.outcome != engine::Outcome::kQuiet) {
        mj["attacker"] = std::string(1, engine::piece_char(m.attacker));
        mj["defender"] = std::string(1, engine::piece_char(m.defender));
      }
      moves.push_back(std::move(mj));
    }
    j["moves"] = moves;
    j["red"] = r.red;
    j["blue"] = r.blue;
    j["players"] = r.players();
    j["red_settings"] = r.red_settings;
    j["blue_settings"] = r.blue_settings;
    j["red_deployment"] = r.red_deployment;
    j["blue_deployment"] = r.blue_deployment;
  }
  if (!r.detail.empty()) j["detail"] = r.detail;
  if (!r.layout.empty()) {
    j["layout"] = r.layout;
    j["first"] = r.first_colour == engine::kRed ? "red" : "blue";
  }
  // Bot text is made safe where it enters the runner (engine/printable.h); should anything else
  // hold bytes that are not UTF-8 (a command line, say), U+FFFD replaces them rather than
  // the game being lost to an exception.
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

namespace {

// A fight's piece: one letter.
engine::Piece fighter(const JsonField& f) {
  return f.parse_text([](const std::string& t) {
    const auto p = t.size() == 1 ? engine::parse_piece_char(t[0]) : std::nullopt;
    if (!p) throw Error(cat({"expected a piece letter, got '", t, "'"}));
    return *p;
  });
}

std::map<std::string, std::string> settings(const std::optional<JsonField>& f) {
  std::map<std::string, std::string> out;
  if (f)
    for (const auto& [key, value] : f->members()) out[key] = value.text();
  return out;
}

std::string optional_text(const JsonField& j, std::string_view key) {
  const std::optional<JsonField> f = j.find(key);
  return f ? f->text() : "";
}

}  // namespace

GameRecord parse_record(const std::string& line) {
  const nlohmann::json parsed = parse_json(line);
  const JsonField j(parsed);
  GameRecord r;
  r.id = j["id"].text();
  r.seed = j["seed"].uint64();
  r.start_time = optional_text(j, "start_time");
  for (const auto& member : j["rules"].members())  // no structured binding: clang 14 cannot capture one
    member.second.parse_text([&](const std::string& v) { r.rules.set(member.first, v); });
  r.time_control = optional_text(j, "time_control");
  r.result = j["result"].text();
  r.reason = j["reason"].text();
  r.detail = optional_text(j, "detail");
  if (r.rules.kind == engine::GameKind::kFour) {
    read_four_fields(j, r);
    return r;
  }
  r.red = j["red"].text();
  r.blue = j["blue"].text();
  if (const auto layout = j.find("layout")) {
    r.layout = layout->text();
    r.first_colour = j["first"].parse_text([](const std::string& t) {
      if (t != "red" && t != "blue") throw Error(cat({"expected red or blue, got '", t, "'"}));
      return t == "red" ? engine::kRed : engine::kBlue;
    });
  }
  // Written since players became indices; older records lack it.
  if (const auto players = j.find("players")) {
    std::vector<std::string> names;
    for (const JsonField& name : players->elements()) names.push_back(name.text());
    if (names != r.players()) players->fail("must list the players by seat: red then blue (the flip game: first then second)");
  }
  r.red_settings = settings(j.find("red_settings"));
  r.blue_settings = settings(j.find("blue_settings"));
  r.red_deployment = j["red_deployment"].text();
  r.blue_deployment = j["blue_deployment"].text();
  for (const JsonField& m : j["moves"].elements()) {
    const JsonField move = m["move"];
    const engine::Token t = move.parse_text(engine::parse_token);
    if (t.kind == engine::Token::Kind::kReveal) move.fail("a move entry holds a reveal");
    const std::optional<JsonField> ms = m.find("ms");
    MoveRecord mr{t.move, t.outcome, engine::kNoPiece, engine::kNoPiece, ms ? ms->int64() : 0};
    if (t.kind == engine::Token::Kind::kFlip) mr.turned_up = t.piece;
    if (t.outcome != engine::Outcome::kQuiet) {
      mr.attacker = fighter(m["attacker"]);
      mr.defender = fighter(m["defender"]);
    }
    r.moves.push_back(mr);
  }
  return r;
}

double GameRecord::points(int seat) const {
  if (result == "1/2-1/2") return 0.5;
  const engine::Color winner = result == "1-0" ? engine::kRed : engine::kBlue;
  return colour_of_seat(seat) == winner ? 1.0 : 0.0;
}

std::vector<GameRecord> read_records(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error("cannot open record file '" + path + "'");
  std::vector<GameRecord> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty()) continue;
    try {
      out.push_back(parse_record(line));
    } catch (const Error& e) {
      throw Error(path + ":" + std::to_string(n) + ": " + e.what());
    }
  }
  return out;
}

// "e": close-on-exec, so no bot started meanwhile inherits the file and can forge records.
RecordWriter::RecordWriter(const std::string& path) : path_(path), file_(std::fopen(path.c_str(), "ae")) {
  if (!file_) throw Error("cannot open record file '" + path + "' for appending");
  fd_ = fileno(file_);
}

RecordWriter::~RecordWriter() {
  if (file_) std::fclose(file_);
}

void RecordWriter::append(const GameRecord& record) {
  append_line(to_json_line(record));
  sync();
}

void RecordWriter::append_line(const std::string& json_line) {
  if (std::fwrite(json_line.data(), 1, json_line.size(), file_) != json_line.size() || std::fputc('\n', file_) == EOF ||
      std::fflush(file_) != 0)
    throw Error("cannot write to record file '" + path_ + "'");
}

void RecordWriter::sync() const {
  ::fsync(fd_);  // the game survives a power cut or SIGKILL of the machine
}

}  // namespace junqi::runner
