#include "runner/protocols/stderr_relay.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <string>

namespace junqi::runner {

StderrRelay::StderrRelay(int fd, Sink sink) : fd_(fd), sink_(std::move(sink)) {
  if (::pipe2(wake_, O_CLOEXEC) != 0) wake_[0] = wake_[1] = -1;  // then it ends at end of file only
  ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) | O_NONBLOCK);
  thread_ = std::thread([this] { run(); });
}

StderrRelay::~StderrRelay() {
  if (wake_[1] >= 0) {
    [[maybe_unused]] const ssize_t n = ::write(wake_[1], "x", 1);
  }
  thread_.join();
  for (int fd : {fd_, wake_[0], wake_[1]})
    if (fd >= 0) ::close(fd);
}

void StderrRelay::run() {
  std::string line;
  char chunk[4096];
  bool ending = false;  // woken to end: read what is there, then stop
  size_t drained = 0;   // since then: a writer that never stops must not hold us either
  while (true) {
    const ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n > 0 && ending && (drained += size_t(n)) > kMaxDrain) break;
    if (n > 0) {
      for (ssize_t i = 0; i < n; ++i) {
        if (chunk[i] == '\n') {
          sink_(line);
          line.clear();
        } else if (line.size() == kMaxLine) {
          sink_(line);
          line.assign(1, chunk[i]);
        } else {
          line += chunk[i];
        }
      }
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) || ending) break;
    pollfd p[2] = {{fd_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
    if (::poll(p, wake_[0] >= 0 ? 2 : 1, -1) < 0 && errno != EINTR) break;
    if (p[1].revents & POLLIN) ending = true;
  }
  if (!line.empty()) sink_(line);
}

}  // namespace junqi::runner
