#pragma once
// Running the real `junqi` executable from a test, as a user would.

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace junqi::testing_support {

struct CommandResult {
  int status;
  std::string out;
};

// Runs junqi with args (through the shell); stderr joins stdout unless the args
// redirect it themselves.
inline CommandResult run_junqi(const std::string& args) {
  const bool own_redirect = args.find("2>") != std::string::npos;
  const std::string cmd = std::string(JUNQI_BINARY) + " " + args + (own_redirect ? "" : " 2>&1");
  FILE* pipe = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  while (size_t n = fread(buf.data(), 1, buf.size(), pipe)) out.append(buf.data(), n);
  const int status = pclose(pipe);
  return {WEXITSTATUS(status), out};
}

}  // namespace junqi::testing_support
