#include "runner/cli/interrupt.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <string_view>
#include <thread>

#include "runner/protocols/fatal_cleanup.h"

namespace junqi::runner::cli {

std::atomic<bool> g_interrupted{false};

namespace {

std::atomic<int> g_guards{0};

void say(std::string_view text) {
  [[maybe_unused]] const auto n = ::write(STDERR_FILENO, text.data(), text.size());
}

[[noreturn]] void wait_for_signals(sigset_t set) {
  while (true) {
    int signal = 0;
    if (::sigwait(&set, &signal) != 0) continue;
    if (signal == SIGINT && g_guards.load() > 0 && !g_interrupted.exchange(true)) {
      say("\njunqi: interrupted: finishing the running games (Ctrl-C again to quit now)\n");
      continue;
    }
    say(signal == SIGINT ? "\njunqi: interrupted: stopping the bots\n"
                         : "\njunqi: terminated: stopping the bots\n");
    fatal_cleanup::clean_up();
    // Records are flushed game by game; a game cut short was never recorded, so a resume
    // plays it again. No destructors: other threads may still be inside the bots' games.
    std::_Exit(128 + signal);
  }
}

}  // namespace

void watch_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  ::pthread_sigmask(SIG_BLOCK, &set, nullptr);
  std::thread(wait_for_signals, set).detach();
}

InterruptGuard::InterruptGuard() { ++g_guards; }

InterruptGuard::~InterruptGuard() { --g_guards; }

}  // namespace junqi::runner::cli
