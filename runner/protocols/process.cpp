#include "runner/protocols/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <string_view>
#include <thread>

#include "runner/protocols/fatal_cleanup.h"
#include "runner/game/text.h"

extern char** environ;

namespace junqi::runner {
namespace {

// Writing to a child that died must report kClosed, not kill the runner.
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

int ms_until(Process::Clock::time_point deadline) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Process::Clock::now()).count();
  return left <= 0 ? 0 : left > 1'000'000 ? 1'000'000 : int(left);
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

Process::~Process() { terminate(); }

std::optional<std::string> Process::start(const std::vector<std::string>& argv, StderrRelay::Sink stderr_sink) {
  terminate();
  if (argv.empty()) return "empty command";
  return spawn(argv, std::move(stderr_sink));
}

std::optional<std::string> Process::start_shell(const std::string& command_line, StderrRelay::Sink stderr_sink,
                                                const std::string& working_dir) {
  terminate();
  return spawn({"/bin/sh", "-c", command_line}, std::move(stderr_sink), working_dir);
}

std::string Process::exit_text() const {
  if (!wait_status_) return "";
  if (WIFEXITED(*wait_status_))
    return cat({" (exit status ", std::to_string(WEXITSTATUS(*wait_status_)), ")"});
  if (WIFSIGNALED(*wait_status_)) return cat({" (signal ", std::to_string(WTERMSIG(*wait_status_)), ")"});
  return "";
}

std::optional<std::string> Process::spawn(const std::vector<std::string>& argv, StderrRelay::Sink stderr_sink,
                                          const std::string& working_dir) {
  ignore_sigpipe();
  int pipes[3][2] = {{-1, -1}, {-1, -1}, {-1, -1}};  // the child's stdin, stdout, stderr
  for (int i = 0; i < (stderr_sink ? 3 : 2); ++i)
    if (::pipe2(pipes[i], O_CLOEXEC) != 0) {
      const int e = errno;
      for (auto& p : pipes)
        for (int fd : p)
          if (fd >= 0) ::close(fd);
      return std::string("pipe: ") + std::strerror(e);
    }
  int (&in_pipe)[2] = pipes[0];
  int (&out_pipe)[2] = pipes[1];
  int (&err_pipe)[2] = pipes[2];
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
  if (stderr_sink) posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);
  // Nothing of the runner's but these pipes: a record file or another bot's pipe inherited
  // by mistake (a descriptor opened without close-on-exec) would be the bot's to write.
  posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
  if (!working_dir.empty()) posix_spawn_file_actions_addchdir_np(&actions, working_dir.c_str());
  // Its own process group (so terminate() reaches what a shell started), the default
  // SIGPIPE the runner itself ignores, and no signal blocked (the runner blocks SIGINT
  // and SIGTERM to take them on a thread of its own).
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setpgroup(&attr, 0);
  sigset_t defaults, none;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc = ::posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  if (err_pipe[1] >= 0) ::close(err_pipe[1]);
  if (rc != 0) {
    ::close(in_pipe[1]);
    ::close(out_pipe[0]);
    if (err_pipe[0] >= 0) ::close(err_pipe[0]);
    std::string message = "cannot start '";
    message += argv[0];
    message += "': ";
    message += std::strerror(rc);
    return message;
  }
  pid_ = pid;
  fatal_cleanup::add_group(pid);
  // Readable once the child exits (close-on-exec by default). Without it (a kernel
  // before 5.3, a seccomp filter) reads wake up now and then to ask waitid() instead.
  pid_fd_ = int(::syscall(SYS_pidfd_open, pid, 0));
  in_fd_ = in_pipe[1];
  out_fd_ = out_pipe[0];
  if (stderr_sink) relay_ = std::make_unique<StderrRelay>(err_pipe[0], std::move(stderr_sink));
  ::fcntl(in_fd_, F_SETFL, ::fcntl(in_fd_, F_GETFL) | O_NONBLOCK);
  ::fcntl(out_fd_, F_SETFL, ::fcntl(out_fd_, F_GETFL) | O_NONBLOCK);
  buffer_.clear();
  eof_ = discarding_ = exited_ = false;
  wait_status_.reset();
  return std::nullopt;
}

bool Process::running() {
  if (pid_ < 0 || exited_) return false;
  // WNOWAIT: see the exit without reaping, so the process group stays ours to kill.
  siginfo_t info{};
  if (::waitid(P_PID, id_t(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_)
    exited_ = true;
  return !exited_;
}

IoStatus Process::write_line(const std::string& text, Clock::time_point deadline) {
  if (in_fd_ < 0) return IoStatus::kClosed;
  std::string data = text;
  data += '\n';
  std::string_view rest = data;
  while (!rest.empty()) {
    const ssize_t n = ::write(in_fd_, rest.data(), rest.size());
    if (n > 0) {
      rest.remove_prefix(size_t(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return IoStatus::kClosed;  // EPIPE: it is gone
    pollfd p{in_fd_, POLLOUT, 0};
    const int ready = ::poll(&p, 1, ms_until(deadline));
    if (ready == 0) return IoStatus::kTimeout;
    if (ready < 0 && errno != EINTR) return IoStatus::kClosed;
    if (ready > 0 && (p.revents & (POLLERR | POLLHUP)) && !(p.revents & POLLOUT)) return IoStatus::kClosed;
  }
  return IoStatus::kOk;
}

bool Process::take_line(LineRead& out) {
  const size_t nl = buffer_.find('\n');
  if (nl == std::string::npos && buffer_.size() < kMaxLine) return false;
  out.status = IoStatus::kOk;
  if (nl != std::string::npos && nl <= kMaxLine) {
    out.line.assign(buffer_, 0, nl);
    out.truncated = false;
    buffer_.erase(0, nl + 1);
    if (!out.line.empty() && out.line.back() == '\r') out.line.pop_back();
  } else {  // cut: keep kMaxLine bytes, skip the rest of that line
    out.line.assign(buffer_, 0, kMaxLine);
    out.truncated = true;
    if (nl != std::string::npos) {
      buffer_.erase(0, nl + 1);
    } else {
      buffer_.clear();
      discarding_ = true;
    }
  }
  return true;
}

LineRead Process::read_line(Clock::time_point deadline) {
  LineRead r;
  char chunk[16384];
  for (int round = 0;; ++round) {
    if (take_line(r)) return r;
    if (eof_ || out_fd_ < 0) {
      if (!buffer_.empty()) {  // a last line without its newline
        r.line = std::move(buffer_);
        buffer_.clear();
        return r;
      }
      r.status = IoStatus::kClosed;
      return r;
    }
    // A child that never stops writing must not keep us past the deadline either.
    if (round > 0 && Clock::now() >= deadline) {
      r.status = IoStatus::kTimeout;
      return r;
    }
    // The child's exit ends its output even when a process it started still holds the
    // pipe open: the end of file would come only when that one exits too.
    pollfd p[2] = {{out_fd_, POLLIN, 0}, {pid_fd_, POLLIN, 0}};
    const int wait_ms = pid_fd_ >= 0 ? ms_until(deadline) : std::min(ms_until(deadline), 100);
    const int ready = ::poll(p, pid_fd_ >= 0 ? 2 : 1, wait_ms);
    if (ready < 0) {
      if (errno == EINTR) continue;
      eof_ = true;
      continue;
    }
    const bool exited = pid_fd_ >= 0 ? (p[1].revents & POLLIN) != 0 : !(p[0].revents & POLLIN) && !running();
    if (ready == 0 && !exited) {
      if (Clock::now() < deadline) continue;  // a wake-up to look at the child
      r.status = IoStatus::kTimeout;
      return r;
    }
    const ssize_t n = ::read(out_fd_, chunk, sizeof chunk);
    if (n < 0) {
      // Nothing more in the pipe from a child that is gone: all it wrote came before its exit.
      if ((errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) || exited) eof_ = true;
      continue;
    }
    if (n == 0) {
      eof_ = true;
      continue;
    }
    std::string_view data(chunk, size_t(n));
    if (discarding_) {
      const size_t nl = data.find('\n');
      if (nl == std::string_view::npos) continue;
      data.remove_prefix(nl + 1);
      discarding_ = false;
    }
    buffer_.append(data);
  }
}

void Process::terminate(const std::string& quit_line, std::chrono::milliseconds grace) {
  if (pid_ < 0) {
    close_fds();
    return;
  }
  if (!quit_line.empty() && in_fd_ >= 0 && running())
    write_line(quit_line, Clock::now() + std::chrono::milliseconds(50));
  close_fd(in_fd_);  // end of input: a well-behaved bot exits
  const auto until = Clock::now() + grace;
  while (running() && Clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  // The leader is not reaped yet, so its process group id is still ours: kill whatever
  // of the group is left (all of it if the leader would not exit), then reap.
  ::kill(-pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  wait_status_ = status;
  fatal_cleanup::remove_group(pid_);
  pid_ = -1;
  relay_.reset();  // what the group wrote before it died is passed on; nothing more comes
  exited_ = true;
  close_fds();
}

void Process::close_fds() {
  close_fd(in_fd_);
  close_fd(out_fd_);
  close_fd(pid_fd_);
}

}  // namespace junqi::runner
