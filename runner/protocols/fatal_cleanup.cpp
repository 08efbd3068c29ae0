#include "runner/protocols/fatal_cleanup.h"

#include <signal.h>

#include <filesystem>
#include <mutex>
#include <set>

namespace junqi::runner::fatal_cleanup {
namespace {

struct Registry {
  std::mutex mutex;
  std::set<int> groups;
  std::set<std::string> dirs;
  bool closing = false;
};

Registry& registry() {
  static Registry* r = new Registry;  // never destroyed: a Process may outlive static destructors
  return *r;
}

}  // namespace

void add_group(int pgid) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  if (r.closing)
    ::kill(-pgid, SIGKILL);  // started while the runner is on its way out
  else
    r.groups.insert(pgid);
}

void remove_group(int pgid) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.groups.erase(pgid);
}

void add_dir(const std::string& path) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.dirs.insert(path);
}

void remove_dir(const std::string& path) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.dirs.erase(path);
}

void clean_up() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.closing = true;
  for (int pgid : r.groups) ::kill(-pgid, SIGKILL);
  r.groups.clear();
  // The bots are killed first, so that none writes into a directory being removed.
  for (const std::string& dir : r.dirs) {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  r.dirs.clear();
}

}  // namespace junqi::runner::fatal_cleanup
