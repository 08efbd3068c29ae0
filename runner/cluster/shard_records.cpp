#include "runner/cluster/shard_records.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/config_path.h"
#include "engine/error.h"
#include "runner/cluster/slurm_job.h"
#include "runner/game/text.h"
#include "runner/tournament/tournament_resume.h"
#include "runner/tournament/tournament_sprt.h"

namespace junqi::runner {
namespace {

using engine::Error;
namespace fs = std::filesystem;

// The complete lines of a file that may be being appended to.
std::vector<GameRecord> read_complete_records(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(cat({"cannot open record file '", path, "'"}));
  std::ostringstream buf;
  buf << in.rdbuf();
  std::string text = buf.str();
  text.resize(text.empty() || text.back() == '\n' ? text.size() : text.rfind('\n') + 1);  // npos + 1 == 0
  std::vector<GameRecord> records;
  std::istringstream lines(text);
  std::string line;
  for (int n = 1; std::getline(lines, line); ++n) {
    if (trimmed(line).empty()) continue;
    try {
      records.push_back(parse_record(line));
    } catch (const Error& e) {
      throw Error(cat({path, ":", std::to_string(n), ": ", e.what()}));
    }
  }
  return records;
}

}  // namespace

std::vector<int> ShardRecords::incomplete() const {
  std::vector<int> out;
  for (const ShardProgress& s : shards)
    if (!s.complete()) out.push_back(s.shard);
  return out;
}

std::string ShardRecords::incomplete_text() const {
  std::string s;
  int n = 0;
  for (const ShardProgress& p : shards) {
    if (p.complete()) continue;
    s += cat({n++ ? ", " : "", std::to_string(p.shard), " (",
              p.exists ? cat({std::to_string(p.recorded), " of ", std::to_string(p.planned), " games"})
                       : std::string("no record file"),
              ")"});
  }
  return cat({n == 1 ? "shard " : "shards ", s});
}

ShardRecords read_shard_records(const TournamentConfig& config, int count,
                                const std::function<std::string(int)>& path_of) {
  ShardRecords out;
  out.planned = Schedule(config).size();
  for (int k = 1; k <= count; ++k) {
    const Schedule schedule(config, Shard{k, count});
    const std::string path = path_of(k);
    ShardProgress progress{k, engine::path_exists(path), 0, schedule.size()};
    if (progress.exists) {
      const std::vector<GameRecord> records = read_complete_records(path);
      ResumePlan plan;
      try {
        plan = plan_resume(config, schedule, records);
      } catch (const Error& e) {
        throw Error(cat({path, ": ", e.what()}));
      }
      progress.recorded = int64_t(plan.finished.size());
      for (auto& g : plan.finished) out.games.push_back(std::move(g));
    }
    out.shards.push_back(progress);
  }
  std::sort(out.games.begin(), out.games.end(),
            [](const auto& a, const auto& b) { return a.first.index < b.first.index; });
  return out;
}

ScoreBoard merged_board(const TournamentConfig& config, const ShardRecords& records) {
  ScoreBoard board(int(config.players.size()));
  for (const auto& [game, record] : records.games) board.add(game, record);
  return board;
}

TournamentReport merged_report(const TournamentConfig& config, const ShardRecords& records,
                               const ScoreBoard& board) {
  TournamentReport report = make_report(config, board, records.planned);
  if (config.sprt) {
    SprtWatch sprt(*config.sprt);
    sprt.update(board);  // once, on the merged counts
    report.sprt = sprt.decided() ? *sprt.decision() : sprt.last();
    report.sprt_pairs = sprt.pairs();
    report.sprt_verdict = sprt.verdict();
  }
  return report;
}

void merge_shards(const TournamentConfig& config, const ShardRecords& records, const std::string& out,
                  std::ostream& text) {
  const ScoreBoard board = merged_board(config, records);
  const TournamentReport report = merged_report(config, records, board);
  const bool decided = report.sprt && report.sprt->decision != stats::SprtResult::Decision::kContinue;
  if (!records.incomplete().empty() && !decided)
    throw Error(
        cat({"merge: ", records.incomplete_text(), " incomplete (", std::to_string(records.games.size()),
             " of ", std::to_string(records.planned), " games recorded)"}));
  if (const auto dir = fs::path(out).parent_path(); !dir.empty()) fs::create_directories(dir);
  fs::remove(out);
  {
    RecordWriter writer(out);
    for (const auto& [game, record] : records.games) writer.append_line(to_json_line(record));
    writer.sync();  // once: a forced write per game would hold a large merge to a few hundred games/s
  }
  text << report_text(config, board, report);
  write_file_atomically(summary_json_path(out), report_json(config, board, report));
  write_file_atomically(markdown_path(out), report_markdown(config, board, report));
  write_file_atomically(csv_path(out), report_csv(config, report));
  text << "Records: " << out << "   summary: " << summary_json_path(out) << ", " << markdown_path(out) << ", "
       << csv_path(out) << std::endl;
}

}  // namespace junqi::runner
