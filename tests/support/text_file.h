#pragma once
// A whole file as text, for tests that read what a program wrote ("" if it is missing).

#include <fstream>
#include <sstream>
#include <string>

namespace junqi::testing_support {

inline std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace junqi::testing_support
