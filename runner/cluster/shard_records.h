#pragma once
// The record files of a tournament played in shards (one file per shard, e.g. one per
// task of a Slurm job array), read while the shards may still be writing them: how far
// each shard is, which are incomplete, and the whole tournament's report from them.

#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "runner/game/record.h"
#include "runner/tournament/tournament_config.h"
#include "runner/tournament/tournament_report.h"
#include "runner/tournament/tournament_schedule.h"
#include "runner/tournament/tournament_scores.h"

namespace junqi::runner {

struct ShardProgress {
  int shard = 0;         // 1-based
  bool exists = false;   // its record file exists
  int64_t recorded = 0;  // games in it
  int64_t planned = 0;   // games of the shard's schedule
  bool complete() const { return recorded == planned; }
};

struct ShardRecords {
  std::vector<ShardProgress> shards;
  std::vector<std::pair<ScheduledGame, GameRecord>> games;  // of every shard, in schedule order
  int64_t planned = 0;                                      // games of the whole tournament
  std::vector<int> incomplete() const;                      // shard numbers
  // "shards 2 (4 of 10 games), 5 (no record file)": the incomplete ones, for messages.
  std::string incomplete_text() const;
};

// Reads shard k's file path_of(k) for k = 1..count against the tournament's schedule.
// Files are only read, never changed: a last line without its newline (a game being
// written, or a task killed mid-write) is left out. A bad line, or a game of another
// schedule, throws engine::Error naming the file and line or game.
ShardRecords read_shard_records(const TournamentConfig& config, int count,
                                const std::function<std::string(int)>& path_of);

// The score board of every recorded game, counted in schedule order.
ScoreBoard merged_board(const TournamentConfig& config, const ShardRecords& records);

// The report of the recorded games; with an SPRT, its state on the merged pair counts
// (shards play in parallel, so the counts, not an order of pairs, decide).
TournamentReport merged_report(const TournamentConfig& config, const ShardRecords& records,
                               const ScoreBoard& board);

// The whole tournament from its shards: refuses (engine::Error naming the incomplete
// shards) unless every shard is complete or the SPRT has decided on the merged counts.
// Writes the games in schedule order to `out` (replaced if it exists) and the report
// beside it (OUT.summary.json, OUT.md, OUT.csv), and prints the report to `text`.
void merge_shards(const TournamentConfig& config, const ShardRecords& records, const std::string& out,
                  std::ostream& text);

}  // namespace junqi::runner
