#pragma once
// What the runner must not leave behind when a signal ends it: the process groups of the
// programs it runs (each runs in a group of its own, so the terminal's Ctrl-C never
// reaches them and they would play on as orphans) and the contest bots' temporary
// directories. Process and ContestPlayer register what they make and unregister it once
// they have cleaned up themselves; the signal thread (cli/interrupt.h) calls clean_up()
// before exiting. Thread-safe.

#include <string>

namespace junqi::runner::fatal_cleanup {

void add_group(int pgid);
void remove_group(int pgid);
void add_dir(const std::string& path);
void remove_dir(const std::string& path);

// Kills every registered process group (SIGKILL) and removes every registered directory;
// a group registered afterwards is killed at once, as the program is about to exit.
void clean_up();

}  // namespace junqi::runner::fatal_cleanup
