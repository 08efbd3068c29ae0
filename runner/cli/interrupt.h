#pragma once
// SIGINT and SIGTERM, taken on a thread of their own. main() blocks them before any other
// thread starts, so no thread is ever interrupted, and the clean-up may do what a signal
// handler may not (remove directories). A fatal signal (SIGTERM, a Ctrl-C without an
// InterruptGuard, a second Ctrl-C) kills the bots' process groups, removes the contest
// bots' directories (runner/protocols/fatal_cleanup.h) and exits with 128 + the signal (130, 143).
// Under an InterruptGuard (tournament, tune spsa) the first Ctrl-C only sets
// g_interrupted, so the command can finish the running games and save its state.

#include <atomic>

namespace junqi::runner::cli {

extern std::atomic<bool> g_interrupted;

// Blocks SIGINT and SIGTERM in the calling thread, and so in every thread started after,
// and starts the thread that waits for them. First thing in main().
void watch_signals();

// For its lifetime the first Ctrl-C sets g_interrupted instead of ending the program.
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
};

}  // namespace junqi::runner::cli
