// The child process under the JQP player: deadlines, cut lines, crashes, no zombies.
#include "runner/protocols/process.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <thread>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "runner/game/record.h"

namespace {

using junqi::runner::IoStatus;
using junqi::runner::Process;
using namespace std::chrono_literals;

Process::Clock::time_point in(std::chrono::milliseconds ms) { return Process::Clock::now() + ms; }

TEST(Process, EchoesLinesAndSeesEndOfFile) {
  Process p;
  ASSERT_FALSE(p.start({"cat"}));
  EXPECT_EQ(p.write_line("hello world", in(1000ms)), IoStatus::kOk);
  const auto r = p.read_line(in(1000ms));
  EXPECT_EQ(r.status, IoStatus::kOk);
  EXPECT_EQ(r.line, "hello world");
  p.terminate();  // closes stdin: cat exits by itself
  ASSERT_TRUE(p.wait_status());
  EXPECT_TRUE(WIFEXITED(*p.wait_status()));
}

TEST(Process, SilentChildTimesOutOnTime) {
  Process p;
  ASSERT_FALSE(p.start_shell("sleep 5"));
  const auto start = Process::Clock::now();
  const auto r = p.read_line(in(100ms));
  const auto took = Process::Clock::now() - start;
  EXPECT_EQ(r.status, IoStatus::kTimeout);
  EXPECT_GE(took, 100ms);
  EXPECT_LT(took, 400ms);
  p.terminate("", 0ms);
}

TEST(Process, OverlongLinesAreCutAndTheNextLineSurvives) {
  Process p;
  ASSERT_FALSE(p.start_shell("head -c 1000000 /dev/zero | tr '\\0' x; echo; echo next"));
  const auto r = p.read_line(in(2000ms));
  EXPECT_EQ(r.status, IoStatus::kOk);
  EXPECT_TRUE(r.truncated);
  EXPECT_EQ(r.line.size(), Process::kMaxLine);
  const auto next = p.read_line(in(2000ms));
  EXPECT_EQ(next.line, "next");
  EXPECT_FALSE(next.truncated);
  EXPECT_EQ(p.read_line(in(2000ms)).status, IoStatus::kClosed);
}

TEST(Process, EndlessWriterCannotHoldTheReaderPastItsDeadline) {
  Process p;
  ASSERT_FALSE(p.start_shell("tr '\\0' x < /dev/zero"));
  const auto start = Process::Clock::now();
  for (int i = 0; i < 1000; ++i) {
    const auto r = p.read_line(in(200ms));
    if (r.status != IoStatus::kOk) {
      EXPECT_EQ(r.status, IoStatus::kTimeout);
      break;
    }
    EXPECT_LE(r.line.size(), Process::kMaxLine);
    if (Process::Clock::now() - start > 300ms) break;
  }
  EXPECT_LT(Process::Clock::now() - start, 800ms);
  p.terminate("", 0ms);
}

TEST(Process, DeadChildReportsClosedNotSigpipe) {
  Process p;
  ASSERT_FALSE(p.start_shell("exit 7"));
  EXPECT_EQ(p.read_line(in(1000ms)).status, IoStatus::kClosed);
  // Its output closes a moment before the exit is visible: give the kernel that moment.
  const auto until = Process::Clock::now() + 1000ms;
  while (p.running() && Process::Clock::now() < until) std::this_thread::sleep_for(1ms);
  EXPECT_FALSE(p.running());
  IoStatus s = IoStatus::kOk;
  for (int i = 0; i < 10 && s == IoStatus::kOk; ++i) s = p.write_line("anyone there?", in(100ms));
  EXPECT_EQ(s, IoStatus::kClosed);
  p.terminate();
  ASSERT_TRUE(p.wait_status());
  EXPECT_EQ(WEXITSTATUS(*p.wait_status()), 7);
}

TEST(Process, StubbornChildIsKilledAfterTheGraceWithWhatItStarted) {
  Process p;
  // Ignores quit and the end of its input; a grandchild holds stdout open too.
  ASSERT_FALSE(p.start_shell("trap '' TERM INT; sleep 30 & while :; do sleep 1; done"));
  const auto start = Process::Clock::now();
  p.terminate("quit", 200ms);
  const auto took = Process::Clock::now() - start;
  EXPECT_GE(took, 200ms);
  EXPECT_LT(took, 1000ms);
  ASSERT_TRUE(p.wait_status());
  EXPECT_TRUE(WIFSIGNALED(*p.wait_status()));
  EXPECT_FALSE(p.running());
}

// A bot must not be able to write to the runner's files: not to a record file (opened
// close-on-exec), nor to one opened without it by mistake (every descriptor past stderr
// is closed in the child).
TEST(Process, AChildInheritsNoDescriptorPastStderr) {
  const std::string dir = ::testing::TempDir();
  const std::string careless = dir + "process_test_careless.txt", records = dir + "process_test_records.jsonl";
  std::filesystem::remove(careless);
  std::filesystem::remove(records);
  const int fd = ::open(careless.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);  // no O_CLOEXEC
  ASSERT_GE(fd, 3);
  {
    junqi::runner::RecordWriter writer(records);
    Process p;
    // Looked up without opening anything (a redirection would save stderr on a new fd).
    ASSERT_FALSE(p.start_shell("bash -c 'for fd in $(seq 3 1023); do if [ -e /proc/$$/fd/$fd ]; then "
                               "echo \"open $fd\"; echo forged >&$fd; fi; done; echo done'"));
    std::string seen;
    for (auto r = p.read_line(in(10000ms)); r.status == IoStatus::kOk && r.line != "done"; r = p.read_line(in(10000ms)))
      seen += r.line + "; ";
    EXPECT_EQ(seen, "") << "the bot could write to these descriptors";
  }
  ::close(fd);
  EXPECT_EQ(std::filesystem::file_size(careless), 0u);
  EXPECT_EQ(std::filesystem::file_size(records), 0u);
}

// The child's stderr reaches the sink line by line, a last unterminated line included,
// and a process that left the child's group with the pipe cannot hold terminate().
TEST(Process, StderrGoesToTheSinkAndAnEscapedHolderCannotHoldIt) {
  std::mutex mutex;
  std::vector<std::string> lines;
  Process p;
  ASSERT_FALSE(p.start_shell("echo one >&2; setsid sleep 5 & printf two >&2; echo written; sleep 30",
                             [&](std::string_view line) {
                               std::lock_guard lock(mutex);
                               lines.emplace_back(line);
                             }));
  EXPECT_EQ(p.read_line(in(10000ms)).line, "written");  // both are in the pipe by now
  const auto start = Process::Clock::now();
  p.terminate("", 0ms);
  EXPECT_LT(Process::Clock::now() - start, 2s);
  std::lock_guard lock(mutex);
  EXPECT_EQ(lines, (std::vector<std::string>{"one", "two"}));
}

}  // namespace
