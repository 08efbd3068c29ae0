#pragma once
// A child process the runner talks to line by line: the child's stdin and stdout are
// pipes, its stderr goes line by line to a sink (StderrRelay) or to the runner's stderr. Every read has a deadline (poll() on a
// non-blocking pipe), so a silent or hung child never blocks the runner; over-long lines
// are cut, so a child writing megabytes cannot exhaust memory. Nothing here throws for
// what the child does: calls return an IoStatus, as fastchess's Process returns Result.
//
// The child runs in its own process group, so stopping it also stops whatever a shell
// command line started (`sh -c "tee log | bot"`). A dead child is always reaped.

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runner/protocols/stderr_relay.h"

namespace junqi::runner {

enum class IoStatus { kOk, kTimeout, kClosed };

struct LineRead {
  IoStatus status = IoStatus::kOk;
  std::string line;        // without the newline (and without a trailing '\r')
  bool truncated = false;  // the line was longer than Process::kMaxLine and was cut
};

class Process {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr size_t kMaxLine = 64 * 1024;

  Process() = default;
  ~Process();  // terminate()
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  // Starts argv[0] (looked up on PATH) with arguments; each line of its stderr goes to
  // stderr_sink (from a thread of its own), or its stderr is the runner's when there is
  // none. Returns an error message, or nullopt on success. Any process this object ran
  // before is terminated.
  std::optional<std::string> start(const std::vector<std::string>& argv, StderrRelay::Sink stderr_sink = {});
  // Starts `/bin/sh -c command_line`, in working_dir when it is not empty.
  std::optional<std::string> start_shell(const std::string& command_line, StderrRelay::Sink stderr_sink = {},
                                         const std::string& working_dir = "");

  // True while the child has not exited (reaps it when it has).
  bool running();
  int pid() const { return pid_; }
  // The child's wait status once it has been reaped.
  std::optional<int> wait_status() const { return wait_status_; }
  // " (exit status N)" or " (signal N)" once reaped, else "": for fault messages.
  std::string exit_text() const;

  // Writes text + '\n'. kClosed when the child no longer reads (exited, closed stdin);
  // kTimeout when its stdin pipe stays full until the deadline.
  IoStatus write_line(const std::string& text, Clock::time_point deadline);
  // The next line of the child's stdout, waiting at most until the deadline. kClosed at
  // end of file or once the child has exited (even if a process it started keeps its
  // stdout open); a last unterminated line is still returned first.
  LineRead read_line(Clock::time_point deadline);

  // Stops the child: writes quit_line (if any), closes its stdin, waits up to `grace`
  // for it to exit, then kills its process group with SIGKILL and reaps it.
  void terminate(const std::string& quit_line = "",
                 std::chrono::milliseconds grace = std::chrono::seconds(1));

 private:
  std::optional<std::string> spawn(const std::vector<std::string>& argv, StderrRelay::Sink stderr_sink,
                                   const std::string& working_dir = "");
  void close_fds();
  // Moves a complete (or cut) line out of buffer_ into out; false when none is ready.
  bool take_line(LineRead& out);

  int pid_ = -1;
  int in_fd_ = -1;   // child's stdin (we write)
  int out_fd_ = -1;  // child's stdout (we read)
  int pid_fd_ = -1;  // a pidfd of the child: readable once it exits
  std::unique_ptr<StderrRelay> relay_;  // the child's stderr, when it has a sink
  std::string buffer_;
  bool eof_ = false;
  bool discarding_ = false;  // the rest of a cut line is being skipped
  bool exited_ = false;      // seen exiting, not reaped until terminate()
  std::optional<int> wait_status_;
};

}  // namespace junqi::runner
