// The JSON API of `junqi serve` (docs/web.md), against a real server on a loopback port.
#include <algorithm>
#include <bit>
#include <cctype>
#include <filesystem>
#include <set>

#include <gtest/gtest.h>

#include "engine/deployment.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "engine/view.h"
#include "runner/game/record.h"
#include "runner/game/referee.h"
#include "runner/game/replay.h"
#include "runner/players/player_factory.h"
#include "tests/runner/web/web_test_server.h"

namespace junqi {
namespace {

using nlohmann::json;
using testing_support::WebTestServer;
namespace fs = std::filesystem;

// A legal deployment other than the sample, so the two sides differ.
engine::Deployment other_deployment() {
  engine::Rng rng(7);
  return engine::random_deployment(rng);
}

std::string new_game_body(const std::string& bot, const std::string& side, const std::string& kind = "dark") {
  return json{{"kind", kind}, {"bot", bot}, {"side", side}, {"deployment", std::string(engine::kSampleDeployment)}}
      .dump();
}

TEST(WebApi, ServesThePageAndTheBoardGeometry) {
  WebTestServer server("page");
  const auto page = server.get("/");
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("<svg id=\"board\""), std::string::npos);
  EXPECT_EQ(server.get("/static/app.js").status, 200);
  EXPECT_EQ(server.get("/static/style.css").status, 200);

  const json g = server.get("/api/geometry").json();
  ASSERT_EQ(g["squares"].size(), 60u);
  int camps = 0, hqs = 0;
  for (const json& s : g["squares"]) {
    const engine::Square sq = *engine::parse_square(s["name"].get<std::string>());
    EXPECT_EQ(s["camp"].get<bool>(), (engine::Board::kT.camps & engine::square_bb(sq)) != 0);
    camps += s["camp"].get<bool>();
    hqs += s["headquarters"].get<bool>();
  }
  EXPECT_EQ(camps, 10);  // five a side (RULES.md §1)
  EXPECT_EQ(hqs, 4);
  // Every link of the engine's table, once.
  size_t links = 0;
  for (int s = 0; s < engine::Board::kSquares; ++s) links += std::popcount(engine::Board::kT.links[s]);
  EXPECT_EQ(g["links"].size(), links / 2);
}

TEST(WebApi, ListsEveryBotConfigShipped) {
  WebTestServer server("bots");
  std::set<std::string> listed, shipped;
  const json bots = server.get("/api/bots").json();
  for (const json& b : bots["bots"]) listed.insert(b["name"].get<std::string>());
  for (const auto& e : fs::directory_iterator(fs::path(JUNQI_SOURCE_DIR) / "configs" / "bots"))
    if (e.path().extension() == ".toml") shipped.insert(e.path().stem().string());
  EXPECT_EQ(listed, shipped);
}

// A whole game: moves with the bot's replies, a hint, undo, a draw offer (the random
// bot reports no win rate, so it declines), resignation and the record.
TEST(WebApi, PlaysAGameWithUndoDrawOfferHintAndResignation) {
  WebTestServer server("flow");
  const std::string id = server.new_game(new_game_body("random", "red"));
  ASSERT_FALSE(id.empty());
  json s = server.settled(id);
  ASSERT_TRUE(s["your_turn"].get<bool>());
  EXPECT_EQ(s["deployment"], std::string(engine::kSampleDeployment));
  EXPECT_EQ(server.get("/api/games/" + id + "/record").status, 409);  // not before the end

  // Two moves of ours, each answered by the bot.
  for (int i = 0; i < 2; ++i) {
    const std::string move = s["legal"][0];
    const auto r = server.post("/api/games/" + id + "/move", json{{"move", move}}.dump());
    ASSERT_EQ(r.status, 200) << r.body;
    s = server.settled(id);
    ASSERT_EQ(s["ply"], 2 * (i + 1));
    EXPECT_EQ(s["moves"][2 * i]["by"], "you");
    EXPECT_EQ(s["moves"][2 * i + 1]["by"], "bot");
    EXPECT_TRUE(s["your_turn"].get<bool>());
  }
  const json before_undo_board = s["board"];

  // Undo takes back our second move and the bot's reply: the board of ply 2.
  s = server.post("/api/games/" + id + "/undo").json();
  EXPECT_EQ(s["ply"], 2);
  EXPECT_TRUE(s["your_turn"].get<bool>());
  EXPECT_EQ(server.post("/api/games/" + id + "/undo").json()["ply"], 0);
  EXPECT_EQ(server.post("/api/games/" + id + "/undo").status, 409);  // nothing left to take back

  // A hint is one of our legal moves.
  ASSERT_EQ(server.post("/api/games/" + id + "/hint").status, 200);
  s = server.settled(id);
  ASSERT_TRUE(s["hint"].is_string());
  const json legal = s["legal"];
  EXPECT_NE(std::find(legal.begin(), legal.end(), s["hint"]), legal.end());

  // The draw offer is answered by the bot's next search: the random bot declines.
  EXPECT_EQ(server.post("/api/games/" + id + "/draw").json()["draw_offer"], "pending");
  ASSERT_EQ(server.post("/api/games/" + id + "/move", json{{"move", s["hint"]}}.dump()).status, 200);
  s = server.settled(id);
  EXPECT_EQ(s["draw_offer"], "declined");
  EXPECT_FALSE(s["over"].get<bool>());

  s = server.post("/api/games/" + id + "/resign").json();
  EXPECT_TRUE(s["over"].get<bool>());
  EXPECT_EQ(s["winner"], "bot");
  EXPECT_EQ(s["reason"], "resign");
  EXPECT_EQ(s["result"], "0-1");
  EXPECT_EQ(server.post("/api/games/" + id + "/move", json{{"move", "a1-a2"}}.dump()).status, 409);

  // The record replays to the same plies.
  const auto rec = server.get("/api/games/" + id + "/record");
  ASSERT_EQ(rec.status, 200);
  const runner::GameRecord record = runner::parse_record(rec.body.substr(0, rec.body.find('\n')));
  EXPECT_EQ(record.red_deployment, std::string(engine::kSampleDeployment));
  EXPECT_EQ(record.moves.size(), s["ply"].get<size_t>());
  EXPECT_EQ(record.reason, "resign");
  EXPECT_NO_THROW(runner::replay(record, [](const engine::Position&, const runner::MoveRecord&) {}));
}

// The person's board, move list and belief come from the person's View alone: replaying
// the moves the API reports through the engine's own Game (which knows both deployments)
// gives the View the referee would give that seat, and the API's board must be exactly
// its board, enemy pieces unidentified unless a reveal named them.
TEST(WebApi, DarkGameNeverSendsAnEnemyIdentity) {
  WebTestServer server("dark");
  const engine::Deployment ours = engine::parse_deployment(engine::kSampleDeployment);
  const engine::Deployment bots = other_deployment();
  json body = json::parse(new_game_body("greedy", "blue"));
  body["bot_deployment"] = engine::deployment_string(bots);
  const auto created = server.post("/api/games", body.dump());
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.json()["id"];

  std::vector<std::string> responses;
  json s;
  for (int turn = 0; turn < 40; ++turn) {
    s = server.settled(id);
    responses.push_back(s.dump());
    if (s["over"].get<bool>()) break;
    // The referee's view of Blue after the same moves.
    engine::Game game(engine::Rules{}, {bots, ours});
    engine::View view = game.initial_view(engine::kBlue);
    for (const json& m : s["moves"]) {
      const std::string text = m["text"];
      const engine::Step step = game.apply(engine::parse_token(text.substr(0, text.find(' '))).move);
      for (const engine::Token& t : step.seen[engine::kBlue]) view.apply(t);
    }
    std::map<std::string, std::string> expected, shown;
    int hidden = 0;
    for (int sq = 0; sq < engine::Board::kSquares; ++sq)
      if (const engine::Piece p = view.board().piece_on(engine::Square(sq)); p != engine::kNoPiece) {
        expected[engine::square_name(engine::Square(sq))] = std::string(1, engine::piece_char(p));
        hidden += engine::type_of(p) == engine::kUnknownType;
      }
    for (const json& p : s["board"]) shown[p["square"]] = p["piece"];
    ASSERT_EQ(shown, expected) << "ply " << s["ply"];
    EXPECT_GT(hidden, 0);
    // Movers as Blue saw them: its own pieces by type, Red's as unidentified.
    for (const json& m : s["moves"]) {
      const char mover = m["mover"].get<std::string>()[0];
      if (m["by"] == "bot") EXPECT_EQ(mover, 'X');
      else EXPECT_TRUE(std::islower(mover) && mover != 'x') << mover;
    }
    const auto belief = server.get("/api/games/" + id + "/belief?samples=200");
    ASSERT_EQ(belief.status, 200) << belief.body;
    responses.push_back(belief.body);
    EXPECT_EQ(server.get("/api/games/" + id + "/record").status, 409);
    // Prefer a fight, so that some turns reveal and remove pieces.
    std::string move = s["legal"][0];
    for (const json& m : s["legal"])
      if (shown.count(m.get<std::string>().substr(m.get<std::string>().find('-') + 1))) move = m;
    ASSERT_EQ(server.post("/api/games/" + id + "/move", json{{"move", move}}.dump()).status, 200);
  }
  for (const std::string& r : responses) EXPECT_EQ(r.find(engine::deployment_string(bots)), std::string::npos);
}

// With max_plies=2 the game is drawn whatever the bot answers to our first move, so a
// searching bot sees it as drawn and accepts the draw offered with that move.
TEST(WebApi, ABotThatSeesADrawAcceptsTheOffer) {
  WebTestServer server("draw");
  json body = json::parse(new_game_body("ismcts", "red"));
  body["rules"] = {{"max_plies", 2}};
  const json created = server.post("/api/games", body.dump()).json();
  const std::string id = created["id"];
  ASSERT_EQ(server.post("/api/games/" + id + "/draw").status, 200);
  ASSERT_EQ(server.post("/api/games/" + id + "/move", json{{"move", created["legal"][0]}}.dump()).status, 200);
  const json s = server.settled(id);
  EXPECT_EQ(s["draw_offer"], "accepted");
  EXPECT_TRUE(s["over"].get<bool>());
  EXPECT_EQ(s["result"], "1/2-1/2");
  EXPECT_EQ(s["reason"], "agreement");
  EXPECT_EQ(s["ply"], 1);  // the bot agreed instead of moving
}

TEST(WebApi, OpenGameShowsTheEnemyPieces) {
  WebTestServer server("open");
  json body = json::parse(new_game_body("random", "red", "open"));
  body["bot_deployment"] = engine::deployment_string(other_deployment());
  const auto created = server.post("/api/games", body.dump());
  ASSERT_EQ(created.status, 201) << created.body;
  const json state = created.json();
  for (const json& p : state["board"]) EXPECT_NE(p["piece"], "x");
  EXPECT_EQ(server.get("/api/games/" + created.json()["id"].get<std::string>() + "/belief").status, 409);
}

TEST(WebApi, MalformedRequestsGetAJsonErrorAndTheServerGoesOn) {
  WebTestServer server("malformed");
  const std::vector<std::pair<std::string, int>> bad_games = {
      {"{not json", 400},
      {"[1, 2]", 400},
      {R"({"kind": "chess"})", 400},  // no such kind (four players: web_four_test.cpp)
      {R"({"kind": 3})", 400},
      {R"({"bot": "no-such-bot"})", 400},
      {R"({"bot": "../../configs/bots/random"})", 400},
      {R"({"side": "green"})", 400},
      {R"({"deployment": "MMMMM"})", 400},
      {R"({"deployment": "FLLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC"})", 400},  // the flag outside a headquarters
      {R"({"rules": {"mine": "sideways"}})", 400},
      {R"({"rules": {"no_such_rule": 1}})", 400},
  };
  for (const auto& [body, status] : bad_games) {
    const auto r = server.post("/api/games", body);
    EXPECT_EQ(r.status, status) << body;
    ASSERT_NO_THROW(r.json()) << r.body;
    EXPECT_TRUE(r.json().contains("error")) << r.body;
  }
  const auto flag = server.post("/api/games", bad_games[8].first);
  EXPECT_NE(flag.json()["error"].get<std::string>().find("lag"), std::string::npos) << flag.body;

  const auto created = server.post("/api/games", new_game_body("random", "red"));
  const std::string id = created.json()["id"];
  server.settled(id);
  EXPECT_EQ(server.post("/api/games/" + id + "/move", R"({"move": "zz"})").status, 400);
  EXPECT_EQ(server.post("/api/games/" + id + "/move", R"({"move": 5})").status, 400);
  EXPECT_EQ(server.post("/api/games/" + id + "/move", R"({"move": "a1-e12"})").status, 400);
  EXPECT_EQ(server.get("/api/games/0123456789abcdef").status, 404);
  EXPECT_EQ(server.get("/api/games/" + id + "/belief?samples=-4").status, 400);
  const auto nowhere = server.get("/api/nowhere");
  EXPECT_EQ(nowhere.status, 404);
  EXPECT_TRUE(nowhere.json().contains("error"));
  EXPECT_EQ(server.get("/api/geometry").status, 200);
  EXPECT_TRUE(server.settled(id)["your_turn"].get<bool>());
}

// Files are served from the page's own set only, and saved deployments stay in their folder.
TEST(WebApi, PathTraversalReachesNothing) {
  WebTestServer server("traversal");
  for (const std::string path : {"/static/../web_server.cpp", "/static/..%2fweb_server.cpp",
                                 "/static/%2e%2e%2f%2e%2e%2f%2e%2e%2fCMakeLists.txt", "/static/%2Fetc%2Fpasswd",
                                 "/../CMakeLists.txt", "/static/....//....//CMakeLists.txt"}) {
    const auto r = server.get(path);
    EXPECT_EQ(r.status / 100, 4) << path;
    EXPECT_EQ(r.body.find("cmake_minimum_required"), std::string::npos) << path;
    EXPECT_EQ(r.body.find("root:"), std::string::npos) << path;
  }
  const std::string deployment = json{{"text", std::string(engine::kSampleDeployment)}}.dump();
  for (const std::string name : {"..%2f..%2fescaped", "%2e%2e", "a.b", "x%00y"})
    EXPECT_EQ(server.put("/api/deployments/" + name, deployment).status / 100, 4) << name;
  EXPECT_FALSE(fs::exists(server.root() / "escaped.txt"));
  EXPECT_FALSE(fs::exists(server.root().parent_path() / "escaped.txt"));
  EXPECT_EQ(server.get("/api/deployments/..%2f..%2fCMakeLists").status / 100, 4);

  // A good name round-trips, inside the folder; an illegal deployment is refused by rule.
  ASSERT_EQ(server.put("/api/deployments/mine_1", deployment).status, 200);
  EXPECT_TRUE(fs::exists(server.root() / "deployments" / "mine_1.txt"));
  EXPECT_EQ(server.get("/api/deployments/mine_1").json()["text"], std::string(engine::kSampleDeployment));
  EXPECT_EQ(server.put("/api/deployments/bad", R"({"text": "FLLPE/CLBYE/T+R+C/DP+MB/Y+G+T/ERPDC"})").status, 400);
  std::set<std::string> names;
  const json list = server.get("/api/deployments").json();
  for (const json& d : list["deployments"]) names.insert(d["name"]);
  EXPECT_TRUE(names.count("mine_1"));
  EXPECT_FALSE(names.count("bad"));
}

// A finished game's record replayed ply by ply: the full board ends where the record's own
// replay ends, and each side's frames show only what that side could see.
TEST(WebApi, ReplaysARecordFromEachPointOfView) {
  WebTestServer server("replay");
  json body = json::parse(new_game_body("random", "red"));
  body["bot_deployment"] = engine::deployment_string(other_deployment());
  const std::string id = server.post("/api/games", body.dump()).json()["id"];
  for (int i = 0; i < 6; ++i) {
    const json s = server.settled(id);
    if (s["over"].get<bool>()) break;
    ASSERT_EQ(server.post("/api/games/" + id + "/move", json{{"move", s["legal"][0]}}.dump()).status, 200);
  }
  server.settled(id);
  server.post("/api/games/" + id + "/resign");
  const std::string text = server.get("/api/games/" + id + "/record").body;
  const runner::GameRecord record = runner::parse_record(text.substr(0, text.find('\n')));
  const engine::Position final = runner::replay(record);

  const auto full = server.post("/api/replay", json{{"text", text}, {"viewpoint", "full"}}.dump());
  ASSERT_EQ(full.status, 200) << full.body;
  const json f = full.json();
  ASSERT_EQ(f["games"].size(), 1u);
  EXPECT_EQ(f["games"][0]["id"], id);
  ASSERT_EQ(f["frames"].size(), record.moves.size() + 1);
  std::map<std::string, std::string> expected, shown;
  for (int sq = 0; sq < engine::Board::kSquares; ++sq)
    if (const engine::Piece p = final.piece_on(engine::Square(sq)); p != engine::kNoPiece)
      expected[engine::square_name(engine::Square(sq))] = std::string(1, engine::piece_char(p));
  for (const json& p : f["frames"].back()["board"]) shown[p["square"]] = p["piece"];
  EXPECT_EQ(shown, expected);

  for (const std::string side : {"red", "blue"}) {
    const json v = server.post("/api/replay", json{{"text", text}, {"viewpoint", side}}.dump()).json();
    ASSERT_EQ(v["frames"].size(), record.moves.size() + 1);
    const char hidden = side == "red" ? 'x' : 'X';
    int unknown = 0;
    for (const json& p : v["frames"][0]["board"]) unknown += p["piece"].get<std::string>()[0] == hidden;
    EXPECT_EQ(unknown, engine::kPiecesPerSide) << side;
  }

  EXPECT_EQ(server.post("/api/replay", R"({"text": "not a record"})").status, 400);
  EXPECT_EQ(server.post("/api/replay", json{{"text", text}, {"viewpoint", "green"}}.dump()).status, 400);
  EXPECT_EQ(server.post("/api/replay", json{{"text", text}, {"game", 1}}.dump()).status, 400);
  EXPECT_EQ(server.post("/api/replay", json{{"text", text}, {"game", -1}}.dump()).status, 400);
}

// A tournament's record file followed as it grows: the games so far, the standings, and
// any game replayed.
TEST(WebApi, WatchesARecordFileAsItGrows) {
  WebTestServer unwatched("unwatched");
  EXPECT_EQ(unwatched.get("/api/watch").status, 404);

  WebTestServer server("watch", true);
  EXPECT_EQ(server.get("/api/watch").json()["games"].size(), 0u);  // not written yet
  const auto random = runner::make_player("random"), greedy = runner::make_player("greedy");
  std::vector<runner::GameRecord> played;
  runner::RecordWriter writer(server.watch_file());
  for (int g = 0; g < 3; ++g) {
    runner::GameSetup setup;
    setup.id = std::to_string(g + 1);
    setup.seed = uint64_t(g + 1);
    played.push_back(g % 2 ? runner::play_game(*greedy, *random, setup) : runner::play_game(*random, *greedy, setup));
    writer.append(played.back());
    const json w = server.get("/api/watch").json();
    ASSERT_EQ(w["games"].size(), played.size());
    std::map<std::string, double> points;
    for (const runner::GameRecord& r : played)
      for (int seat = 0; seat < 2; ++seat) points[r.players()[seat]] += r.points(seat);
    double total = 0;
    for (const json& row : w["standings"]) {
      EXPECT_EQ(row["points"].get<double>(), points[row["player"]]) << row;
      EXPECT_EQ(row["games"], played.size());
      total += row["points"].get<double>();
    }
    EXPECT_EQ(total, double(played.size()));
  }
  const json frames = server.post("/api/watch/replay", R"({"game": 2, "viewpoint": "blue"})").json();
  EXPECT_EQ(frames["frames"].size(), played[2].moves.size() + 1);
  EXPECT_EQ(server.post("/api/watch/replay", R"({"game": 3})").status, 400);
}

// Several games at once, and a search never holds up other requests: while one bot
// thinks about its first move, the server answers, and another game is played.
TEST(WebApi, SearchesDoNotBlockOtherGames) {
  WebTestServer server("concurrent");
  const auto slow = server.post("/api/games", new_game_body("pimc", "blue"));
  ASSERT_EQ(slow.status, 201) << slow.body;
  EXPECT_TRUE(slow.json()["thinking"].get<bool>());
  const auto fast = server.post("/api/games", new_game_body("random", "red"));
  ASSERT_EQ(fast.status, 201);
  const std::string fast_id = fast.json()["id"];
  EXPECT_EQ(server.post("/api/games/" + fast_id + "/move", json{{"move", fast.json()["legal"][0]}}.dump()).status, 200);
  const json s = server.settled(slow.json()["id"]);
  EXPECT_EQ(s["ply"], 1);
  EXPECT_TRUE(s["your_turn"].get<bool>());
  EXPECT_EQ(server.settled(fast_id)["ply"], 2);
}

}  // namespace
}  // namespace junqi
