#include "runner/tournament/tournament_records.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "engine/config_path.h"
#include "engine/error.h"
#include "runner/game/text.h"

namespace junqi::runner {
namespace {

using engine::Error;
namespace fs = std::filesystem;

// Numeric ids in numeric order, others after them by text.
bool id_less(const std::string& a, const std::string& b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

}  // namespace

bool file_has_content(const std::string& path) {
  std::error_code ec;
  return fs::exists(path, ec) && fs::file_size(path, ec) > 0;
}

FinishedGames read_finished_games(const std::string& path) {
  FinishedGames out;
  if (!engine::path_exists(path)) return out;
  std::string text;
  {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(cat({"cannot open record file '", path, "'"}));
    std::ostringstream buf;
    buf << in.rdbuf();
    text = buf.str();
  }
  const size_t complete = text.empty() || text.back() == '\n' ? text.size() : text.rfind('\n') + 1;  // npos + 1 == 0
  if (complete < text.size()) {
    out.torn = true;
    fs::resize_file(path, complete);
    text.resize(complete);
  }
  std::map<std::string, int> line_of;
  std::istringstream lines(text);
  std::string line;
  for (int n = 1; std::getline(lines, line); ++n) {
    if (trimmed(line).empty()) continue;
    const std::string where = cat({path, ":", std::to_string(n), ": "});
    try {
      out.records.push_back(parse_record(line));
    } catch (const Error& e) {
      throw Error(cat({where, e.what()}));
    }
    const auto [it, fresh] = line_of.emplace(out.records.back().id, n);
    if (!fresh)
      throw Error(cat({where, "game id '", it->first, "' again (first on line ", std::to_string(it->second), ")"}));
  }
  return out;
}

size_t merge_record_files(const std::vector<std::string>& inputs, const std::string& out) {
  if (file_has_content(out)) throw Error(cat({"merge: '", out, "' exists and is not empty"}));
  std::vector<GameRecord> all;
  std::map<std::string, std::string> file_of;
  for (const std::string& input : inputs) {
    if (!engine::path_exists(input)) throw Error(cat({"merge: no file '", input, "'"}));
    for (GameRecord& r : read_records(input)) {
      const auto [it, fresh] = file_of.emplace(r.id, input);
      if (!fresh && it->second == input) throw Error(cat({"merge: game id '", r.id, "' is twice in '", input, "'"}));
      if (!fresh) throw Error(cat({"merge: game id '", r.id, "' is in both '", it->second, "' and '", input, "'"}));
      all.push_back(std::move(r));
    }
  }
  std::stable_sort(all.begin(), all.end(), [](const GameRecord& a, const GameRecord& b) { return id_less(a.id, b.id); });
  RecordWriter writer(out);
  for (const GameRecord& r : all) writer.append(r);
  return all.size();
}

BackgroundSync::BackgroundSync(std::function<void()> sync, int games, std::chrono::milliseconds interval)
    : sync_(std::move(sync)), games_(games), interval_(interval), thread_([this] { run(); }) {}

BackgroundSync::~BackgroundSync() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void BackgroundSync::appended() {
  bool due;
  {
    std::lock_guard lock(mutex_);
    due = ++pending_ >= games_;
  }
  if (due) wake_.notify_one();
}

void BackgroundSync::run() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait_for(lock, interval_, [this] { return stop_ || pending_ >= games_; });
    const bool stopping = stop_;
    if (pending_ > 0) {
      pending_ = 0;
      lock.unlock();
      sync_();
      lock.lock();
    }
    if (stopping) return;
  }
}

}  // namespace junqi::runner
