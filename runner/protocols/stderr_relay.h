#pragma once
// A program's stderr, passed on line by line from a thread of its own. Bots write what
// they like there; the runner's log and terminal get it through ProgramLink's sink, made
// safe (engine/printable.h) like every other line a bot writes. The thread wakes for the pipe or
// for the end of the relay, so a process that escaped the bot's group and still holds
// the pipe cannot keep the runner waiting.

#include <functional>
#include <string_view>
#include <thread>

namespace junqi::runner {

class StderrRelay {
 public:
  using Sink = std::function<void(std::string_view line)>;
  static constexpr size_t kMaxLine = 64 * 1024;  // longer lines are passed on in pieces
  static constexpr size_t kMaxDrain = 1 << 20;   // passed on at most once the relay ends

  // Takes the read end of the pipe (closed when done) and starts the thread.
  StderrRelay(int fd, Sink sink);
  // Passes on what is in the pipe already (a last unterminated line too), then stops.
  ~StderrRelay();
  StderrRelay(const StderrRelay&) = delete;
  StderrRelay& operator=(const StderrRelay&) = delete;

 private:
  void run();

  int fd_;
  int wake_[2] = {-1, -1};  // a pipe: the destructor writes to end run()
  Sink sink_;
  std::thread thread_;
};

}  // namespace junqi::runner
