#include "runner/record.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "engine/error.h"
#include "engine/notation.h"
#include "engine/view.h"

namespace junqi::runner {

using engine::Error;
using nlohmann::json;

std::string to_json_line(const GameRecord& r) {
  json rules = json::object();
  for (const auto& [key, value] : r.rules.entries()) rules[key] = value;
  json moves = json::array();
  for (const MoveRecord& m : r.moves) {
    json j = {{"move", engine::annotated_move(m.move, m.outcome)}, {"ms", m.ms}};
    if (m.outcome != engine::Outcome::kQuiet) {
      j["attacker"] = std::string(1, engine::piece_char(m.attacker));
      j["defender"] = std::string(1, engine::piece_char(m.defender));
    }
    moves.push_back(std::move(j));
  }
  json j = {{"id", r.id},
            {"kind", rules["kind"]},
            {"rules", rules},
            {"red", r.red},
            {"blue", r.blue},
            {"red_settings", r.red_settings},
            {"blue_settings", r.blue_settings},
            {"time_control", r.time_control},
            {"red_deployment", r.red_deployment},
            {"blue_deployment", r.blue_deployment},
            {"moves", moves},
            {"result", r.result},
            {"reason", r.reason},
            {"plies", r.moves.size()},
            {"start_time", r.start_time},
            {"seed", r.seed}};
  if (!r.detail.empty()) j["detail"] = r.detail;
  // Bot text is made safe where it enters the runner (bot_text.h); should anything else
  // hold bytes that are not UTF-8 (a command line, say), U+FFFD replaces them rather than
  // the game being lost to an exception.
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

GameRecord parse_record(const std::string& line) {
  json j;
  try {
    j = json::parse(line);
  } catch (const json::parse_error& e) {
    throw Error(std::string("record: not JSON: ") + e.what());
  }
  GameRecord r;
  std::string field;
  try {
    field = "id", r.id = j.at("id").get<std::string>();
    field = "seed", r.seed = j.at("seed").get<uint64_t>();
    field = "start_time", r.start_time = j.value("start_time", "");
    field = "rules";
    for (const auto& [key, value] : j.at("rules").items()) r.rules.set(key, value.get<std::string>());
    field = "red", r.red = j.at("red").get<std::string>();
    field = "blue", r.blue = j.at("blue").get<std::string>();
    field = "red_settings", r.red_settings = j.value("red_settings", std::map<std::string, std::string>{});
    field = "blue_settings", r.blue_settings = j.value("blue_settings", std::map<std::string, std::string>{});
    field = "time_control", r.time_control = j.value("time_control", "");
    field = "red_deployment", r.red_deployment = j.at("red_deployment").get<std::string>();
    field = "blue_deployment", r.blue_deployment = j.at("blue_deployment").get<std::string>();
    field = "result", r.result = j.at("result").get<std::string>();
    field = "reason", r.reason = j.at("reason").get<std::string>();
    field = "detail", r.detail = j.value("detail", "");
    field = "moves";
    for (const json& m : j.at("moves")) {
      const engine::Token t = engine::parse_token(m.at("move").get<std::string>());
      if (t.kind != engine::Token::Kind::kMove) throw Error("a move entry holds a reveal");
      MoveRecord mr{t.move, t.outcome, engine::kNoPiece, engine::kNoPiece, m.value("ms", int64_t(0))};
      if (t.outcome != engine::Outcome::kQuiet) {
        const auto a = engine::parse_piece_char(m.at("attacker").get<std::string>().at(0));
        const auto d = engine::parse_piece_char(m.at("defender").get<std::string>().at(0));
        if (!a || !d) throw Error("unknown piece letter in a fight");
        mr.attacker = *a;
        mr.defender = *d;
      }
      r.moves.push_back(mr);
    }
  } catch (const json::exception& e) {
    throw Error("record field '" + field + "': " + e.what());
  } catch (const std::out_of_range& e) {
    throw Error("record field '" + field + "': empty piece letter");
  } catch (const Error& e) {
    throw Error("record field '" + field + "': " + e.what());
  }
  return r;
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
