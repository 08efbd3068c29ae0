#pragma once
// What the JQP tests (tests/runner/players/jqp_*test.cpp) share: the programs they seat,
// the words of a line, and the lines a spy (tests/mocks/spy.sh) received, game by game.

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace junqi::testing_support {

inline const std::string kMocks = std::string(JUNQI_SOURCE_DIR) + "/tests/mocks/";
inline const std::string kJunqiJqp = "jqp:'" + std::string(JUNQI_BINARY) + "' jqp";

// A player spec: the program `command` (a shell command line) behind a spy that appends
// every line the runner sends it to `file`.
inline std::string spy_spec(const std::string& file, const std::string& command) {
  return "jqp:sh '" + kMocks + "spy.sh' '" + file + "' " + command;
}

inline std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

struct SpyGame {
  std::string seat;  // the word of its `newgame`: red, blue, first or second
  std::vector<std::string> lines;
};

// The spy's received lines, split into games at each `newgame`.
inline std::vector<SpyGame> read_spy(const std::string& path) {
  std::vector<SpyGame> games;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    const std::vector<std::string> w = words_of(line);
    if (!w.empty() && w[0] == "newgame") games.push_back({w.at(1), {}});
    if (!games.empty()) games.back().lines.push_back(line);
  }
  return games;
}

}  // namespace junqi::testing_support
