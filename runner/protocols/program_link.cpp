#include "runner/protocols/program_link.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>

#include "engine/printable.h"
#include "runner/game/text.h"

namespace junqi::runner {
namespace {

constexpr size_t kLogLineMax = 300;  // traffic lines longer than this are shortened in the log

}  // namespace

int64_t ms_left(Deadline deadline) {
  return std::max<int64_t>(
      0, std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()).count());
}

std::string quoted(std::string_view line) {
  std::string q = "'";
  q += engine::utf8_prefix(line, 80);
  if (line.size() > 80) q += "...";
  q += "'";
  return q;
}

ProgramLink::ProgramLink(std::string protocol, const std::string& log_path) : protocol_(std::move(protocol)) {
  if (!log_path.empty()) log_fd_ = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
}

ProgramLink::~ProgramLink() {
  process_.terminate("", std::chrono::milliseconds(0));  // its stderr relay logs through log_fd_
  if (log_fd_ >= 0) ::close(log_fd_);
}

void ProgramLink::log(char direction, std::string_view line) {
  if (line.size() <= kLogLineMax) return append(direction, line);
  append(direction, cat({engine::utf8_prefix(line, kLogLineMax), " ... (", std::to_string(line.size()), " chars)"}));
}

void ProgramLink::append(char direction, std::string_view line) {
  if (log_fd_ < 0) return;
  std::string text = cat({protocol_, " ", std::to_string(pid_.load()), " "});
  text += direction;
  text += ' ';
  text += line;
  text += '\n';
  [[maybe_unused]] const ssize_t n = ::write(log_fd_, text.data(), text.size());  // one append per line
}

void ProgramLink::relay_stderr(std::string_view line) {
  // Whole, unlike the traffic: what a bot says about itself is what its author reads.
  if (log_fd_ >= 0) return append('!', engine::printable(line));
  const std::string text = engine::printable(line) + '\n';
  [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, text.data(), text.size());
}

Answer<bool> ProgramLink::start(const std::string& command_line, const std::string& working_dir) {
  const auto relay = [this](std::string_view line) { relay_stderr(line); };
  if (const auto error = process_.start_shell(command_line, relay, working_dir))
    return failure<bool>(Fault::kCrash, *error);
  pid_ = process_.pid();
  log('*', working_dir.empty() ? cat({"started: ", command_line})
                               : cat({"started in ", working_dir, ": ", command_line}));
  return answer(true);
}

std::string ProgramLink::crash_detail(const std::string& what) {
  process_.terminate("", std::chrono::milliseconds(200));
  std::string detail = what;
  detail += process_.exit_text();
  log('*', detail);
  return detail;
}

Answer<bool> ProgramLink::send(const std::string& line, Deadline deadline) {
  log('>', line);
  switch (process_.write_line(line, deadline)) {
    case IoStatus::kOk:
      return answer(true);
    case IoStatus::kTimeout:
      return failure<bool>(Fault::kTime, "does not read its input");
    case IoStatus::kClosed:
      break;
  }
  return failure<bool>(Fault::kCrash, crash_detail("exited (its input is closed)"));
}

Answer<LineRead> ProgramLink::receive(std::string_view awaited, Deadline deadline) {
  LineRead r = process_.read_line(deadline);
  if (r.status == IoStatus::kTimeout)
    return failure<LineRead>(Fault::kTime, cat({"no ", awaited, " in time"}));
  if (r.status == IoStatus::kClosed)
    return failure<LineRead>(Fault::kCrash, crash_detail(cat({"exited while ", awaited, " was awaited"})));
  // The protocols speak UTF-8; whatever the line was, only its safe form goes on.
  const bool utf8 = engine::is_utf8(r.line);
  r.line = engine::printable(r.line);
  log('<', r.truncated ? r.line + " (cut)" : r.line);
  if (!utf8) return failure<LineRead>(Fault::kProtocol, "sent a line that is not UTF-8: " + quoted(r.line));
  return answer(std::move(r));
}

}  // namespace junqi::runner
