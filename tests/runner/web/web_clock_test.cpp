// The clock of `junqi serve` games (docs/web.md): both sides' clocks in the state, the
// bot's search planned from its own, and a loss on time.
#include <chrono>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "engine/notation.h"
#include "runner/game/record.h"
#include "tests/runner/web/web_test_server.h"

namespace junqi {
namespace {

using nlohmann::json;
using testing_support::WebTestServer;

std::string clock_game_body(const std::string& bot, const std::string& time_control) {
  return json{{"bot", bot}, {"side", "red"}, {"time_control", time_control}}.dump();
}

TEST(WebClock, BothClocksRunAndTheBotSpendsItsOwn) {
  WebTestServer server("clock-run");
  const std::string id = server.new_game(clock_game_body("medium", "clock=4000+0"));
  ASSERT_FALSE(id.empty());
  json s = server.settled(id);
  ASSERT_TRUE(s["clock"].is_object()) << s.dump();
  EXPECT_EQ(s["clock"]["time_control"], "clock=4000+0");
  EXPECT_EQ(s["clock"]["running"], "you");
  EXPECT_EQ(s["clock"]["bot"], 4000);  // untouched until the bot moves
  // Ours runs while it is our move.
  const int64_t you_before = s["clock"]["you"];
  EXPECT_LE(you_before, 4000);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_LT(server.get("/api/games/" + id).json()["clock"]["you"].get<int64_t>(), you_before);

  ASSERT_EQ(server.post("/api/games/" + id + "/move", json{{"move", s["legal"][0]}}.dump()).status, 200);
  s = server.settled(id);
  ASSERT_FALSE(s["over"].get<bool>()) << s.dump();
  EXPECT_EQ(s["clock"]["running"], "you");
  // The bot searched by its clock (a slice of 4 s) and paid for it; it never ran out.
  const int64_t bot_left = s["clock"]["bot"];
  EXPECT_LT(bot_left, 4000);
  EXPECT_GT(bot_left, 0);
  EXPECT_GT(s["bot_iterations"].get<int64_t>(), 0);

  // A takeback gives no time back.
  const int64_t you_at_undo = server.get("/api/games/" + id).json()["clock"]["you"];
  s = server.post("/api/games/" + id + "/undo").json();
  EXPECT_LE(s["clock"]["you"].get<int64_t>(), you_at_undo);
  EXPECT_EQ(s["clock"]["bot"], bot_left);

  s = server.post("/api/games/" + id + "/resign").json();
  EXPECT_TRUE(s["clock"]["running"].is_null());
  const auto rec = server.get("/api/games/" + id + "/record");
  ASSERT_EQ(rec.status, 200);
  EXPECT_EQ(runner::parse_record(rec.body.substr(0, rec.body.find('\n'))).time_control, "clock=4000+0");
}

// A person who does not move loses on time once the clock and the margin are gone; the
// move that comes too late is refused.
TEST(WebClock, ThePersonLosesOnTime) {
  WebTestServer server("clock-flag");
  const auto created = server.post("/api/games", clock_game_body("random", "clock=200+0"));
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.json()["id"];
  const json legal = created.json()["legal"];
  json s;
  for (int i = 0; i < 200; ++i) {
    s = server.get("/api/games/" + id).json();
    if (s["over"].get<bool>()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_TRUE(s["over"].get<bool>()) << s.dump();
  EXPECT_EQ(s["reason"], "time");
  EXPECT_EQ(s["winner"], "bot");
  EXPECT_EQ(s["result"], "0-1");
  EXPECT_EQ(s["clock"]["you"], 0);
  EXPECT_EQ(server.post("/api/games/" + id + "/move", json{{"move", legal[0]}}.dump()).status, 409);
}

TEST(WebClock, RefusesATimeControlThatIsNotAClock) {
  WebTestServer server("clock-bad");
  for (const char* tc : {"movetime=100", "iterations=50", "clock=abc", "clock=-5+0", "5 minutes"}) {
    const auto r = server.post("/api/games", clock_game_body("random", tc));
    EXPECT_EQ(r.status, 400) << tc << ": " << r.body;
    EXPECT_TRUE(r.json().contains("error")) << r.body;
  }
  const json untimed = server.post("/api/games", clock_game_body("random", "none")).json();
  EXPECT_TRUE(untimed["clock"].is_null());
}

}  // namespace
}  // namespace junqi
