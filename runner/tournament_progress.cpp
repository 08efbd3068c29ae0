#include "runner/tournament_progress.h"

#include "runner/text.h"

namespace junqi::runner {
namespace {

std::string duration_text(double seconds) {
  const long s = long(seconds + 0.5);
  char buf[32];
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

}  // namespace

Progress::Progress(int total, int done, std::FILE* stream, bool tty)
    : total_(total), done_(done), started_with_(done), stream_(stream), tty_(tty),
      start_(std::chrono::steady_clock::now()) {}

double Progress::games_per_second() const {
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return elapsed > 0 ? (done_ - started_with_) / elapsed : 0;
}

std::string Progress::status() const {
  const double rate = games_per_second();
  char buf[96];
  std::snprintf(buf, sizeof buf, "%d/%d games  %.2f games/s", done_, total_, rate);
  std::string s = buf;
  if (rate > 0) s += cat({"  ETA ", duration_text((total_ - done_) / rate)});
  if (!note_.empty()) s += cat({"  ", note_});
  return s;
}

void Progress::game_done(const std::string& red, const std::string& blue, const GameRecord& record) {
  ++done_;
  if (tty_) {
    std::fprintf(stream_, "\r\033[K%s", status().c_str());
  } else {
    std::fprintf(stream_, "game %s  %s - %s  %s  %s  %zu plies  [%s]\n", record.id.c_str(), red.c_str(), blue.c_str(),
                 record.result.c_str(), record.reason.c_str(), record.moves.size(), status().c_str());
  }
  std::fflush(stream_);
}

void Progress::finish() {
  if (tty_ && done_ > started_with_) std::fprintf(stream_, "\n");
  std::fflush(stream_);
}

}  // namespace junqi::runner
