// Tournaments of four-player teams, through the command line: partners fixed per pairing,
// each pair of games the same four deployments with the teams' seat pairs swapped, every
// record replaying, the Elo table of the teams, resume, and shards that merge into the
// whole tournament.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "runner/game/four_replay.h"
#include "runner/game/record.h"
#include "runner/tournament/tournament_report.h"
#include "tests/support/junqi_command.h"
#include "tests/support/text_file.h"

namespace junqi::runner {
namespace {

using testing_support::read_file;
using testing_support::run_junqi;

std::string temp_file(const std::string& name) {
  const std::string path = testing::TempDir() + name;
  std::filesystem::remove(path);
  return path;
}

// Three teams; `mixed` has a partner of its own: a random bot from a config file of the
// test's, so the records can tell the partners apart.
std::string teams() {
  const std::string partner = testing::TempDir() + "four_partner.toml";
  std::ofstream(partner) << "kind = \"random\"\n";
  return "--rule kind=four --player ra=random --player rb=random --player mixed=random --partner mixed=" + partner +
         " --pairs 2 --seed 5 --tc iterations=10";
}

TEST(FourTournament, TeamsRotateSeatPairsOverTheSameDeployments) {
  const std::string out = temp_file("four_tournament.jsonl");
  const auto run = run_junqi("tournament " + teams() + " --concurrency 2 --out " + out);
  ASSERT_EQ(run.status, 0) << run.out;
  const std::vector<GameRecord> records = read_records(out);
  ASSERT_EQ(records.size(), 12u);  // 3 pairings x 2 pairs x 2 games
  std::map<std::string, const GameRecord*> by_id;
  for (const GameRecord& r : records) {
    by_id[r.id] = &r;
    EXPECT_NO_THROW(replay_four(r)) << "game " << r.id;
    // Partners play their team's specs: the team's spec on South or East, its partner's
    // on North or West.
    for (int team : {0, 1}) {
      const std::string& name = team == 0 ? r.red : r.blue;
      const bool own_partner = r.seat_settings[team + 2].at("config").ends_with("four_partner.toml");
      EXPECT_EQ(own_partner, name == "mixed") << name;
      EXPECT_FALSE(r.seat_settings[team].at("config").ends_with("four_partner.toml"));
      EXPECT_EQ(r.seat_players[team], name);
    }
  }
  for (int pair = 0; pair < 6; ++pair) {
    const GameRecord& a = *by_id.at(std::to_string(2 * pair + 1));
    const GameRecord& b = *by_id.at(std::to_string(2 * pair + 2));
    EXPECT_EQ(a.seat_deployments, b.seat_deployments) << "pair " << pair;
    EXPECT_EQ(a.red, b.blue) << "pair " << pair;
    EXPECT_EQ(a.blue, b.red) << "pair " << pair;
  }
  EXPECT_NE(run.out.find("Elo"), std::string::npos) << run.out;
  for (const char* team : {"ra", "rb", "mixed"}) EXPECT_NE(read_file(markdown_path(out)).find(team), std::string::npos);

  // Resumed when complete: nothing left to play.
  const auto again = run_junqi("tournament " + teams() + " --resume " + out);
  ASSERT_EQ(again.status, 0) << again.out;
  EXPECT_NE(again.out.find("12 games recorded, 0 to play"), std::string::npos) << again.out;

  // Two shards, merged, are the same games.
  const std::string s1 = temp_file("four_shard1.jsonl"), s2 = temp_file("four_shard2.jsonl"),
                    merged = temp_file("four_merged.jsonl");
  ASSERT_EQ(run_junqi("tournament " + teams() + " --shard 1/2 --out " + s1).status, 0);
  ASSERT_EQ(run_junqi("tournament " + teams() + " --shard 2/2 --out " + s2).status, 0);
  ASSERT_EQ(run_junqi("merge " + s1 + " " + s2 + " --out " + merged).status, 0);
  const std::vector<GameRecord> joined = read_records(merged);
  ASSERT_EQ(joined.size(), records.size());
  for (const GameRecord& r : joined) {
    const GameRecord& whole = *by_id.at(r.id);
    EXPECT_EQ(r.seat_deployments, whole.seat_deployments) << "game " << r.id;
    EXPECT_EQ(r.moves.size(), whole.moves.size()) << "game " << r.id;
    EXPECT_EQ(r.result, whole.result) << "game " << r.id;
  }
}

TEST(FourTournament, BadTeamsAreOneLine) {
  const auto partner = run_junqi("tournament --player a=random --player b=random --partner c=random --rule kind=four --out " +
                                 temp_file("bad_partner.jsonl"));
  EXPECT_EQ(partner.status, 1);
  EXPECT_NE(partner.out.find("--partner 'c=random': no player named 'c'"), std::string::npos) << partner.out;
  const auto two_player = run_junqi("tournament --player a=random --player b=random --partner a=greedy --out " +
                                    temp_file("bad_partner2.jsonl"));
  EXPECT_EQ(two_player.status, 1);
  EXPECT_NE(two_player.out.find("only the four-player game (kind four) has teams"), std::string::npos) << two_player.out;
}

}  // namespace
}  // namespace junqi::runner
