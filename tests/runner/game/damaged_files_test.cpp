// Damaged record and SPSA state files: every command that reads one stops with a single
// line naming the file, the line and the field, and exit status 1, never an abort.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "engine/deployment.h"
#include "runner/game/record.h"
#include "runner/game/text.h"
#include "runner/tournament/tournament_records.h"
#include "tests/support/error_text.h"
#include "tests/support/junqi_command.h"

namespace junqi::runner {
namespace {

using testing_support::contains;
using testing_support::error_of;
using testing_support::run_junqi;

std::string temp_file(const std::string& name) { return cat({::testing::TempDir(), "damaged_", name}); }

// A well-formed record line with one fight, for damaging (as to_json_line writes them).
std::string good_line(const std::string& id) {
  const std::string_view d = engine::kSampleDeployment;
  return cat({R"({"id":")", id, R"(","kind":"dark","rules":{"kind":"dark"},"red":"red","blue":"blue",)",
              R"("red_settings":{},"blue_settings":{},"time_control":"",)",  //
              R"("red_deployment":")", d, R"(","blue_deployment":")", d, R"(",)",
              R"("moves":[{"move":"a6-b5","ms":3},{"move":"b7xb6=","ms":4,"attacker":"g","defender":"G"}],)",
              R"("result":"1/2-1/2","reason":"max-plies","plies":2,"start_time":"","seed":7})"});
}

// `line` with its first `from` replaced by `to`.
std::string replaced(std::string line, const std::string& from, const std::string& to) {
  const size_t at = line.find(from);
  EXPECT_NE(at, std::string::npos) << from << " not in " << line;
  if (at != std::string::npos) line.replace(at, from.size(), to);
  return line;
}

// A record file whose second of three lines is `damaged`.
std::string file_with(const std::string& name, const std::string& damaged) {
  const std::string path = temp_file(name);
  std::ofstream(path, std::ios::trunc | std::ios::binary) << good_line("1") << "\n"
                                                          << damaged << "\n"
                                                          << good_line("3") << "\n";
  return path;
}

struct Damage {
  std::string name, line, error;  // the error after "<file>:2: "
};

std::vector<Damage> damages() {
  const std::string good = good_line("2");
  return {
      {"seed_out_of_range", replaced(good, "\"seed\":7", "\"seed\":1e400"),
       "field 'seed': number overflow parsing '1e400'"},
      {"seed_negative", replaced(good, "\"seed\":7", "\"seed\":-7"),
       "field 'seed': expected a non-negative integer, got -7"},
      {"seed_text", replaced(good, "\"seed\":7", "\"seed\":\"7\""),
       "field 'seed': expected a non-negative integer"},
      {"ms_out_of_range", replaced(good, "\"ms\":3", "\"ms\":1e999"), "field 'moves[0].ms': number overflow"},
      {"ms_float", replaced(good, "\"ms\":4", "\"ms\":4.5"),
       "field 'moves[1].ms': expected a 64-bit integer, got 4.5"},
      {"result_missing", replaced(good, "\"result\":\"1/2-1/2\",", ""), "field 'result' is missing"},
      {"move_number", replaced(good, "\"move\":\"a6-b5\"", "\"move\":12"),
       "field 'moves[0].move': expected a string, got 12"},
      {"move_token", replaced(good, "\"move\":\"a6-b5\"", "\"move\":\"z6-b5\""), "field 'moves[0].move': "},
      {"attacker_empty", replaced(good, "\"attacker\":\"g\"", "\"attacker\":\"\""),
       "field 'moves[1].attacker': expected a piece letter, got ''"},
      {"rule_unknown", replaced(good, "\"rules\":{", "\"rules\":{\"bogus\":\"1\","), "field 'rules.bogus': "},
      {"rule_number", replaced(good, "\"rules\":{", "\"rules\":{\"rail_max\":3,"),
       "field 'rules.rail_max': expected a string"},
      {"settings_number", replaced(good, "\"red_settings\":{}", "\"red_settings\":{\"x\":1}"),
       "field 'red_settings.x': expected a string"},
      {"truncated", good.substr(0, good.size() / 2), "not JSON: line 1, column"},
      {"invalid_utf8", replaced(good, "\"red\":\"red\"", "\"red\":\"\xff\xfe\""), "not JSON: line 1, column"},
      {"nul_byte", replaced(good, "\"red\":\"red\"", std::string("\"red\":\"a\0\"", 10)),
       "not JSON: line 1, column"},
      {"players_swapped", replaced(good, "\"blue\":\"blue\",", "\"blue\":\"blue\",\"players\":[\"blue\",\"red\"],"),
       "field 'players': must list the players by seat: red then blue"},
      {"players_not_names", replaced(good, "\"blue\":\"blue\",", "\"blue\":\"blue\",\"players\":[1,2],"),
       "field 'players[0]': expected"},
      {"not_an_object", "[1,2]", "the top-level value: expected an object, got [1,2]"},
  };
}

bool one_line(const std::string& text) {
  return std::count(text.begin(), text.end(), '\n') == 1 && text.back() == '\n';
}

TEST(DamagedRecords, EveryReaderNamesFileLineAndField) {
  ASSERT_NO_THROW(parse_record(good_line("2")));  // the damage alone is at fault below
  for (const Damage& d : damages()) {
    const std::string path = file_with(cat({d.name, ".jsonl"}), d.line);
    for (const std::string& e :
         {error_of([&] { read_records(path); }), error_of([&] { read_finished_games(path); })}) {
      EXPECT_EQ(e.rfind(cat({path, ":2: ", d.error}), 0), 0u) << d.name << ": " << e;
      EXPECT_EQ(e.find_first_of(std::string("\n\r\0", 3)), std::string::npos) << d.name << ": " << e;
    }
  }
}

// The issue's example through every command that reads records.
TEST(DamagedRecords, CommandsStopWithOneLineAndStatusOne) {
  const std::string path = file_with("cli.jsonl", replaced(good_line("2"), "\"seed\":7", "\"seed\":1e400"));
  const std::string expected =
      cat({"junqi: error: ", path, ":2: field 'seed': number overflow parsing '1e400'\n"});
  const std::string merged = temp_file("cli_merged.jsonl"), out = temp_file("cli_out.toml");
  std::remove(merged.c_str());
  for (const std::string& args :
       {cat({"replay ", path}), cat({"merge ", path, " --out ", merged}),
        cat({"prior learn ", path, " --out ", out}), cat({"tune fit ", path, " --out ", out}),
        cat({"tournament --player a=random --player b=random --pairs 1 --resume ", path})}) {
    const testing_support::CommandResult r = run_junqi(args);
    EXPECT_EQ(r.status, 1) << args << ": " << r.out;
    EXPECT_EQ(r.out, expected) << args;
  }
}

TEST(DamagedSpsaState, TunerNamesTheStateFileAndField) {
  const std::string params = temp_file("spsa_params.toml"), state = temp_file("spsa_state.json");
  std::ofstream(params)
      << "[[param]]\nname = \"mobility\"\nstart = 0.0\nmin = -0.1\nmax = 0.1\nc_end = 0.02\nr_end = 0.05\n";
  const std::string head =
      R"({"bot":"pimc","iterations":2,"pairs":1,"seed":1,"tc":"iterations=4","params":["mobility"],"history":[)";
  const std::string args =
      cat({"tune spsa --bot pimc --params ", params, " --state ", state,
           " --iterations 2 --pairs 1 --tc iterations=4 --seed 1 --out ", temp_file("spsa_w.toml")});
  for (const auto& [history, error] : std::vector<std::pair<std::string, std::string>>{
           {R"({"k":1,"result":0,"theta":["x"]}]})",
            "field 'history[0].theta[0]': expected a number, got \"x\""},
           {R"({"k":1,"result":1e400,"theta":[0]}]})",
            "field 'history[0].result': number overflow parsing '1e400'"},
           {R"({"k":"1","result":0,"theta":[0]}]})", "field 'history[0].k': expected an integer, got \"1\""},
           {R"({"result":0,"theta":[0]}]})", "field 'history[0].k' is missing"},
           {R"({"k":1,"result":0,"theta":0}]})", "field 'history[0].theta': expected an array, got 0"},
           {R"({"k":2,"result":0,"theta":[0]}]})", "field 'history[0].k': expected 1, got 2"},
           {R"({"k":1,"result":0,"theta":[0,1]}]})",
            "field 'history[0].theta': expected 1 values (one per parameter), got 2"},
           {R"({"k":1,"res)", "not JSON: line 1, column"}}) {
    std::ofstream(state, std::ios::trunc) << head << history;
    const testing_support::CommandResult r = run_junqi(args);
    EXPECT_EQ(r.status, 1) << history << ": " << r.out;
    EXPECT_EQ(r.out.rfind(cat({"junqi: error: ", state, ": ", error}), 0), 0u) << r.out;
    EXPECT_TRUE(one_line(r.out)) << r.out;
  }
}

}  // namespace
}  // namespace junqi::runner
