#pragma once
// Running the real `junqi` executable in the background, for tests that signal or kill it,
// and watching the processes it starts.

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "tests/support/text_file.h"

namespace junqi::testing_support {

// Runs junqi with args, stdout and stderr to `output` (default /dev/null), with `env`
// ("NAME=value") added to its environment; returns its pid.
inline pid_t spawn_junqi(const std::vector<std::string>& args, const std::string& output = "/dev/null",
                         const std::vector<std::string>& env = {}) {
  const pid_t pid = fork();
  if (pid == 0) {
    for (const std::string& e : env) putenv(const_cast<char*>(e.c_str()));
    std::freopen(output.c_str(), "w", stdout);
    std::freopen(output.c_str(), "a", stderr);
    std::vector<char*> argv{const_cast<char*>(JUNQI_BINARY)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(JUNQI_BINARY, argv.data());
    _exit(127);
  }
  return pid;
}

// Running, as opposed to gone or a zombie: a bot started by `sh -c` may be the shell's
// child, so after a kill it is a zombie of whoever adopted it until that one reaps it.
inline bool alive(pid_t pid) {
  const std::string stat = read_file("/proc/" + std::to_string(pid) + "/stat");
  const size_t paren = stat.rfind(')');
  return paren != std::string::npos && paren + 2 < stat.size() && stat[paren + 2] != 'Z';
}

// Its exit status, or minus the signal that killed it.
inline int wait_exit(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

}  // namespace junqi::testing_support
