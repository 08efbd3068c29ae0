#include "runner/cli/interrupt.h"

#include <unistd.h>

namespace junqi::runner::cli {

std::atomic<bool> g_interrupted{false};

namespace {

extern "C" void on_sigint(int) {
  g_interrupted = true;
  static const char kMessage[] = "\njunqi: interrupted: finishing the running games (Ctrl-C again to quit now)\n";
  [[maybe_unused]] const auto n = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
}

}  // namespace

InterruptGuard::InterruptGuard() {
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sa.sa_flags = SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_);
}

InterruptGuard::~InterruptGuard() { sigaction(SIGINT, &old_, nullptr); }

}  // namespace junqi::runner::cli
