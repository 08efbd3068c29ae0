#pragma once
// A tournament run from its configuration to its report: what `junqi tournament` does once
// it has read its flags and files.

#include <atomic>

#include "runner/tournament/tournament_config.h"
#include "runner/tournament/tournament_schedule.h"

namespace junqi::runner {

// Checks the players, then plays the shard's games that config.out does not hold yet
// (resume: continue that file; otherwise it must be empty or new), `config.concurrency` at
// once, until all are played, the SPRT decides or *interrupt is set (running games still
// finish). Records are appended and flushed game by game; progress and the standings go to
// standard output, the reports (JSON, Markdown, CSV) beside the records. Returns true if
// interrupted before the end.
bool play_tournament(const TournamentConfig& config, const Shard& shard, bool resume,
                     const std::atomic<bool>* interrupt);

}  // namespace junqi::runner
