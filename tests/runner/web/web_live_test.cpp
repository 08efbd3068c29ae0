// Following games in progress (`junqi tournament ... --serve PORT`, docs/web.md): a real
// game between two bots, played by the referee with its spectator hook feeding the
// server's LiveGames, is asked for over HTTP while it is being played.
#include <cctype>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "engine/notation.h"
#include "runner/game/referee.h"
#include "runner/players/player_factory.h"
#include "runner/web/live_games.h"
#include "tests/runner/web/web_test_server.h"

namespace junqi {
namespace {

using nlohmann::json;
using testing_support::WebTestServer;

TEST(WebLive, FollowsAGameMoveByMoveAndDropsItWhenOver) {
  runner::web::LiveGames live;
  WebTestServer server("live", true, &live);
  auto red = runner::make_player("random");
  auto blue = runner::make_player("greedy");
  runner::GameSetup setup;
  setup.id = "live-1";
  setup.seed = 3;
  setup.time_control = runner::parse_time_control("iterations=10");
  int checked = 0, calls = 0;
  setup.on_move = [&](const runner::GameRecord& record) {
    live.update(record);
    ++calls;
    if (!record.result.empty() || record.moves.size() > 6) return;
    // On the game's own thread, between two moves: the page's view of it is this record.
    const json w = server.get("/api/watch").json();
    ASSERT_EQ(w["live"].size(), 1u) << w.dump();
    EXPECT_EQ(w["live"][0]["id"], "live-1");
    EXPECT_EQ(w["live"][0]["plies"], record.moves.size());
    EXPECT_EQ(w["games"].size(), 0u);  // nothing finished in the file yet
    const auto r = server.post("/api/watch/replay", json{{"live", "live-1"}, {"viewpoint", "red"}}.dump());
    ASSERT_EQ(r.status, 200) << r.body;
    const json frames = r.json()["frames"];
    ASSERT_EQ(frames.size(), record.moves.size() + 1);
    if (!record.moves.empty()) {
      const std::string seen = frames.back()["move"], squares = engine::move_string(record.moves.back().move);
      EXPECT_EQ(seen.substr(0, 2), squares.substr(0, 2)) << seen << " for " << squares;
    }
    for (const json& p : frames.back()["board"]) {
      const char c = p["piece"].get<std::string>()[0];
      if (std::islower(c)) {
        EXPECT_TRUE(c == 'x' || c == 'f') << p.dump();  // Red's view: Blue hidden
      }
    }
    ++checked;
  };
  const runner::GameRecord record = runner::play_game(*red, *blue, setup);
  EXPECT_EQ(checked, 7);
  EXPECT_EQ(calls, int(record.moves.size()) + 2);  // set up, every move, the end
  // Over: gone from the games in progress; once its line is in the file it is a finished game.
  EXPECT_EQ(server.get("/api/watch").json()["live"].size(), 0u);
  EXPECT_EQ(server.post("/api/watch/replay", json{{"live", "live-1"}}.dump()).status, 404);
  std::ofstream(server.watch_file()) << runner::to_json_line(record) << "\n";
  const json w = server.get("/api/watch").json();
  ASSERT_EQ(w["games"].size(), 1u);
  EXPECT_EQ(w["games"][0]["id"], "live-1");
  EXPECT_EQ(w["standings"].size(), 2u);
}

}  // namespace
}  // namespace junqi
