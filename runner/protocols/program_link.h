#pragma once
// The runner's end of a line protocol with a child program, shared by the JQP and the
// contest players: it starts the program, sends and receives lines within deadlines,
// logs the traffic (one append per line, tagged with the protocol and the pid) and the
// program's stderr (tagged '!'), both made safe by engine::printable(), and turns what the
// program does wrong into Faults.

#include <atomic>
#include <optional>
#include <string>
#include <string_view>

#include "runner/game/player.h"
#include "runner/protocols/process.h"

namespace junqi::runner {

class ProgramLink {
 public:
  // protocol: the log's tag ("jqp", "contest"); log_path: empty for no log.
  ProgramLink(std::string protocol, const std::string& log_path);
  ~ProgramLink();
  ProgramLink(const ProgramLink&) = delete;
  ProgramLink& operator=(const ProgramLink&) = delete;

  // (Re)starts `/bin/sh -c command_line` in working_dir (empty: the runner's); each line
  // of its stderr, made safe by engine::printable(), goes to the log (tagged '!') or, without a
  // log, to the runner's stderr. A start failure comes back as a crash.
  Answer<bool> start(const std::string& command_line, const std::string& working_dir = "");
  Process& process() { return process_; }

  Answer<bool> send(const std::string& line, Deadline deadline);
  // The next line (logged), made safe by engine::printable(); a timeout is a kTime fault "no
  // <awaited> in time", an exit a crash "exited while <awaited> was awaited", a line that
  // is not UTF-8 a protocol fault quoting it escaped.
  Answer<LineRead> receive(std::string_view awaited, Deadline deadline);
  // Stops the program and returns `what` with its exit status, logged, for a kCrash fault.
  std::string crash_detail(const std::string& what);

  // One line to the log, shortened past 300 bytes ('>' sent, '<' received, '*' events).
  void log(char direction, std::string_view line);

 private:
  void append(char direction, std::string_view line);  // one line to the log, as it is
  void relay_stderr(std::string_view line);             // on the stderr relay's thread

  std::string protocol_;
  Process process_;
  int log_fd_ = -1;
  std::atomic<int> pid_{-1};  // of the current or last process, for the log (read by the relay too)
};

// Deadline left in ms (never negative), for messages and `time` fields.
int64_t ms_left(Deadline deadline);

// A program's line as quoted in a fault message, cut at 80 characters.
std::string quoted(std::string_view line);

}  // namespace junqi::runner
