#pragma once
// Ctrl-C for commands that play many games (tournament, tune spsa): the first SIGINT sets
// g_interrupted so the command can finish what is running and save its state; the
// second kills as usual.

#include <atomic>
#include <csignal>

namespace junqi::runner::cli {

extern std::atomic<bool> g_interrupted;

// Installs the handler for its lifetime (SA_RESETHAND: only the first SIGINT is caught).
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

 private:
  struct sigaction old_ {};
};

}  // namespace junqi::runner::cli
