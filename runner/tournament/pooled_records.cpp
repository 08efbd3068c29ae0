#include "runner/tournament/pooled_records.h"

#include <algorithm>
#include <map>

#include "engine/error.h"
#include "runner/game/record.h"
#include "runner/game/text.h"

namespace junqi::runner {
namespace {

using engine::Error;

// Both games of a pair start from the same deployments (by colour, or by seat in the
// four-player game) or the same flip layout, and swap the two players' seats.
bool form_a_pair(const GameRecord& a, const GameRecord& b) {
  const auto pa = a.players(), pb = b.players();
  return pa[0] == pb[1] && pa[1] == pb[0] && pa[0] != pa[1] && a.red_deployment == b.red_deployment &&
         a.blue_deployment == b.blue_deployment && a.layout == b.layout &&
         a.seat_deployments == b.seat_deployments;
}

// The pair number of game id "N" (games 2k-1 and 2k form pair k), or -1 if the id is not a
// game number (a record written by hand, say): such a game is in no pair.
int64_t pair_of(const std::string& id) {
  int64_t n = 0;
  for (const char c : id) {
    if (c < '0' || c > '9' || n > (INT64_MAX - 9) / 10) return -1;
    n = n * 10 + (c - '0');
  }
  return id.empty() || n == 0 ? -1 : (n + 1) / 2;
}

}  // namespace

PooledRecords pool_records(const std::vector<std::string>& files) {
  std::vector<std::vector<GameRecord>> records;
  PooledRecords pooled;
  std::map<std::string, int> index;
  for (const std::string& file : files) {
    records.push_back(read_records(file));
    std::map<std::string, int> seen;
    for (const GameRecord& r : records.back()) {
      if (seen[r.id]++) throw Error(cat({file, ": game id '", r.id, "' comes twice"}));
      for (const std::string& p : r.players())
        if (index.emplace(p, int(pooled.players.size())).second) pooled.players.push_back(p);
    }
  }
  pooled.board = ScoreBoard(int(pooled.players.size()));
  int64_t next_pair = 0;  // pair ids on the board: unique across files
  for (const std::vector<GameRecord>& games : records) {
    std::map<int64_t, std::vector<const GameRecord*>> pairs;
    for (const GameRecord& r : games) pairs[pair_of(r.id)].push_back(&r);
    for (const auto& [pair, members] : pairs) {
      const bool paired = pair >= 0 && members.size() == 2 && form_a_pair(*members[0], *members[1]);
      // A game outside any pair gets a pair id of its own, which never completes.
      const int64_t first = next_pair;
      next_pair += paired ? 1 : int64_t(members.size());
      if (!paired) pooled.unpaired_games += int64_t(members.size());
      for (size_t m = 0; m < members.size(); ++m) {
        const GameRecord& r = *members[m];
        ScheduledGame game;
        game.id = r.id;
        game.players = {index.at(r.players()[0]), index.at(r.players()[1])};
        game.pair = paired ? first : first + int64_t(m);
        pooled.board.add(game, r);
      }
    }
  }
  return pooled;
}

}  // namespace junqi::runner
