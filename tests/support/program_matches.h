#pragma once
// Helpers for the tests that play matches with external programs (JQP and contest bots).

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "runner/tournament/match.h"
#include "runner/game/record.h"
#include "tests/support/time_scale.h"

namespace junqi::testing_support {

// A fresh file name under the test temp dir.
inline std::string temp_file(const std::string& name) {
  const std::string path = ::testing::TempDir() + name;
  std::filesystem::remove(path);
  return path;
}

// A match at movetime=200 with short start-up, records and log under the temp dir. The
// start-up limit and the referee's margin over the movetime widen in slow builds.
inline runner::MatchConfig quick_match(const std::string& first, const std::string& second, int games,
                                       const std::string& name) {
  runner::MatchConfig config;
  config.first = first;
  config.second = second;
  config.games = games;
  config.time_control = runner::parse_time_control("movetime=200");
  config.startup_ms = scaled(std::chrono::milliseconds(2000)).count();
  config.margin_ms = scaled(std::chrono::milliseconds(100)).count();
  config.out = temp_file(name + ".jsonl");
  config.log = temp_file(name + ".log");
  return config;
}

// Every game lost by the match's first player (red in the even games) for `reason`,
// the record's detail naming its side.
inline void expect_first_player_lost_all(const std::vector<runner::GameRecord>& records,
                                         const std::string& reason) {
  for (size_t i = 0; i < records.size(); ++i) {
    const runner::GameRecord& r = records[i];
    const bool first_red = i % 2 == 0;
    EXPECT_EQ(r.result, first_red ? "0-1" : "1-0") << "game " << r.id;
    EXPECT_EQ(r.reason, reason) << r.detail;
    EXPECT_EQ(r.detail.rfind(first_red ? "red: " : "blue: ", 0), 0u) << r.detail;
  }
}

}  // namespace junqi::testing_support
