#include "runner/tournament/tournament_progress.h"

#include <algorithm>

#include "runner/game/text.h"

namespace junqi::runner {
namespace {

constexpr auto kTableInterval = std::chrono::milliseconds(500);

int line_count(const std::string& text) { return int(std::count(text.begin(), text.end(), '\n')); }

// "[#######.............]": the share of games done, 20 cells.
std::string bar(int64_t done, int64_t total) {
  constexpr int kCells = 20;
  const int full = total > 0 ? int(done * kCells / total) : kCells;
  return cat({"[", std::string(size_t(full), '#'), std::string(size_t(kCells - full), '.'), "]"});
}

}  // namespace

Progress::Progress(int64_t total, int64_t done, std::FILE* stream, bool tty, std::function<std::string()> table,
                   const std::atomic<bool>* interrupt)
    : total_(total), done_(done), started_with_(done), stream_(stream), tty_(tty), table_(std::move(table)),
      interrupt_(interrupt), start_(Clock::now()), last_table_time_(start_ - kTableInterval) {}

void Progress::forget_drawn_table_if_interrupted() {
  if (interrupt_seen_ || !interrupt_ || !interrupt_->load()) return;
  interrupt_seen_ = true;
  drawn_lines_ = 0;
}

double Progress::games_per_second() const {
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  return elapsed > 0 ? double(done_ - started_with_) / elapsed : 0;
}

std::string Progress::status(bool with_bar) const {
  const double rate = games_per_second();
  char buf[96];
  std::snprintf(buf, sizeof buf, "%lld/%lld games  %.2f games/s", (long long)done_, (long long)total_, rate);
  std::string s = with_bar ? cat({bar(done_, total_), " ", buf}) : std::string(buf);
  if (rate > 0) s += cat({"  ETA ", duration_text(double(total_ - done_) / rate)});
  if (!note_.empty()) s += cat({"  ", note_});
  return s;
}

// The cursor rests at the end of the status line; the table sits just above it. Back to
// the table's first line, everything below erased.
std::string Progress::erase_table() const { return cat({"\r\033[", std::to_string(drawn_lines_), "A\033[J"}); }

void Progress::redraw_terminal(bool with_table) {
  forget_drawn_table_if_interrupted();
  std::string out = with_table && drawn_lines_ > 0 ? erase_table() : "\r\033[K";
  if (with_table) {
    const std::string table = table_();
    drawn_lines_ = line_count(table);
    out += table;
  }
  out += status(true);
  std::fputs(out.c_str(), stream_);
}

void Progress::game_done(const std::string& red, const std::string& blue, const GameRecord& record) {
  ++done_;
  const auto now = Clock::now();
  if (tty_) {
    const bool table_due = table_ && (now - last_table_time_ >= kTableInterval || done_ == total_);
    if (table_due) last_table_time_ = now;
    redraw_terminal(table_due);
  } else {
    std::fprintf(stream_, "game %s  %s - %s  %s  %s  %zu plies  [%s]\n", record.id.c_str(), red.c_str(), blue.c_str(),
                 record.result.c_str(), record.reason.c_str(), record.moves.size(), status(false).c_str());
    const int64_t every = std::max<int64_t>(1, total_ / 10);
    if (table_ && (done_ - started_with_) % every == 0 && done_ < total_) std::fputs(table_().c_str(), stream_);
  }
  std::fflush(stream_);
}

// The final report prints the standings again: the live table gives way to it.
void Progress::finish() {
  if (tty_) forget_drawn_table_if_interrupted();
  if (tty_ && drawn_lines_ > 0) std::fputs((erase_table() + status(true)).c_str(), stream_);
  if (tty_ && done_ > started_with_) std::fprintf(stream_, "\n");
  std::fflush(stream_);
}

}  // namespace junqi::runner
