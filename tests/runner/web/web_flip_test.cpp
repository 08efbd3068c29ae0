// The flip game (翻棋) through the JSON API of `junqi serve` (docs/web.md): played by
// clicking through the API against a bot, with takebacks and hints, and never a face-down
// identity in what the server sends.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/flip_game.h"
#include "engine/notation.h"
#include "runner/game/record.h"
#include "tests/runner/web/web_test_server.h"

namespace junqi {
namespace {

using nlohmann::json;
using testing_support::WebTestServer;

std::string flip_game_body(const std::string& bot, const std::string& side) {
  return json{{"kind", "flip"}, {"bot", bot}, {"side", side}}.dump();
}

std::map<std::string, std::string> board_of(const json& state) {
  std::map<std::string, std::string> board;
  for (const json& p : state["board"]) board[p["square"]] = p["piece"];
  return board;
}

// Every state the server sent is checked, once the game is over, against the true game:
// the layout from the record, with the moves the state reports played on it. Face-down
// squares must show `?`, face-up ones their piece, and the lost pieces must be those of
// each colour no longer on the true board.
TEST(WebFlip, NeverSendsAFaceDownIdentity) {
  WebTestServer server("flip-hidden");
  const auto created = server.post("/api/games", flip_game_body("random", "red"));
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.json()["id"];
  EXPECT_EQ(created.json()["kind"], "flip");
  EXPECT_EQ(created.json()["seat"], "first");

  std::vector<json> states;
  for (int turn = 0; turn < 30; ++turn) {
    const json s = server.settled(id);
    states.push_back(s);
    if (s["over"].get<bool>()) break;
    ASSERT_TRUE(s["your_turn"].get<bool>());
    EXPECT_EQ(server.get("/api/games/" + id + "/record").status, 409);
    // Flips and moves alike, chosen apart from the order of the list; a fight when one is
    // legal, so that pieces fall.
    const json& legal = s["legal"];
    ASSERT_FALSE(legal.empty());
    std::string action = legal[(turn * 7) % legal.size()];
    const auto board = board_of(s);
    for (const json& m : legal) {
      const std::string text = m;
      if (text.find('-') != std::string::npos && board.count(text.substr(text.find('-') + 1))) action = text;
    }
    const auto r = server.post("/api/games/" + id + "/move", json{{"move", action}}.dump());
    ASSERT_EQ(r.status, 200) << r.body;
  }
  if (!states.back()["over"].get<bool>()) states.push_back(server.post("/api/games/" + id + "/resign").json());
  ASSERT_TRUE(states.back()["over"].get<bool>());

  const auto rec = server.get("/api/games/" + id + "/record");
  ASSERT_EQ(rec.status, 200) << rec.body;
  const runner::GameRecord record = runner::parse_record(rec.body.substr(0, rec.body.find('\n')));
  ASSERT_FALSE(record.layout.empty());
  const engine::Rules rules = record.rules;
  ASSERT_EQ(rules.kind, engine::GameKind::kFlip);

  int fights = 0;
  for (const json& s : states) {
    engine::FlipGame game(engine::parse_flip_jfen(record.layout, rules));
    for (const json& m : s["moves"]) {
      const std::string text = m["text"];
      const engine::Move move = engine::parse_token(text.substr(0, text.find(' '))).move;
      ASSERT_TRUE(game.is_legal(move)) << text;
      game.apply(move);
      fights += text.find('x') != std::string::npos;
    }
    const engine::FlipPosition& truth = game.position();
    std::map<std::string, std::string> expected;
    std::array<std::array<int, engine::kPieceTypes>, engine::kColors> on_board{};
    for (int sq = 0; sq < engine::Board::kSquares; ++sq) {
      const engine::Piece p = truth.board().piece_on(engine::Square(sq));
      if (p == engine::kNoPiece) continue;
      const bool down = truth.face_down() & engine::square_bb(engine::Square(sq));
      expected[engine::square_name(engine::Square(sq))] = down ? "?" : std::string(1, engine::piece_char(p));
      ++on_board[engine::color_of(p)][engine::type_of(p)];
    }
    ASSERT_EQ(board_of(s), expected) << "ply " << s["ply"];

    const engine::Color person = truth.player_colour(0);
    if (truth.colours_assigned()) {
      EXPECT_EQ(s["person"], person == engine::kRed ? "red" : "blue");
    }
    EXPECT_EQ(s["colours_assigned"].get<bool>(), truth.colours_assigned());
    for (const auto& [who, colour] : {std::pair{"you", person}, std::pair{"bot", ~person}}) {
      std::vector<std::string> lost;
      for (int t = 0; t < engine::kPieceTypes; ++t)
        for (int n = on_board[colour][t]; n < engine::kPieceCount[t]; ++n)
          lost.push_back(std::string(1, engine::type_char(engine::PieceType(t))));
      EXPECT_EQ(s["lost"][who].get<std::vector<std::string>>(), lost) << who << " at ply " << s["ply"];
    }
  }
  EXPECT_GT(fights, 0);
  // The record names the players under the colours the flips gave them.
  engine::FlipGame game(engine::parse_flip_jfen(record.layout, rules));
  for (const runner::MoveRecord& m : record.moves) game.apply(m.move);
  ASSERT_TRUE(game.position().colours_assigned());
  EXPECT_EQ(record.first_colour, game.position().player_colour(0));
  EXPECT_EQ(record.first_colour == engine::kRed ? record.red : record.blue, "you");

  // Replayed from the record, the person's colour sees at each ply what the game showed it;
  // the full board names the face-down pieces, flagged.
  const std::string person = record.first_colour == engine::kRed ? "red" : "blue";
  const auto mine = server.post("/api/replay", json{{"text", rec.body}, {"viewpoint", person}}.dump());
  ASSERT_EQ(mine.status, 200) << mine.body;
  const json frames = mine.json()["frames"];
  ASSERT_EQ(frames.size(), record.moves.size() + 1);
  for (const json& st : states) EXPECT_EQ(frames[st["ply"].get<size_t>()]["board"], st["board"]) << "ply " << st["ply"];
  const json full = server.post("/api/replay", json{{"text", rec.body}}.dump()).json()["frames"];
  ASSERT_EQ(full.size(), frames.size());
  for (size_t i = 0; i < full.size(); ++i) {
    size_t down = 0, hidden = 0;
    for (const json& p : full[i]["board"]) {
      down += p.value("face_down", false);
      EXPECT_NE(p["piece"], "?");
    }
    for (const json& p : frames[i]["board"]) hidden += p["piece"] == "?";
    EXPECT_EQ(down, hidden) << "ply " << i;
  }
}

// The person as the second player: the bot acts first; a hint is a legal action; undo
// takes back our action and the bot's reply; the dark game's extras are refused.
TEST(WebFlip, SecondSeatWithHintAndUndo) {
  WebTestServer server("flip-undo");
  EXPECT_EQ(server.post("/api/games", json{{"kind", "flip"}, {"deployment", "random"}}.dump()).status, 400);
  EXPECT_EQ(server.post("/api/games", flip_game_body("heuristic", "red")).status, 400);  // plays no flip game
  const json kinds = server.get("/api/rules").json()["kinds"];
  EXPECT_NE(std::find(kinds.begin(), kinds.end(), "flip"), kinds.end());

  const std::string id = server.new_game(flip_game_body("random", "blue"));
  ASSERT_FALSE(id.empty());
  json s = server.settled(id);
  EXPECT_EQ(s["seat"], "second");
  ASSERT_EQ(s["ply"], 1);  // the bot's opening flip
  EXPECT_EQ(s["moves"][0]["by"], "bot");
  EXPECT_NE(s["moves"][0]["text"].get<std::string>().find('^'), std::string::npos);
  EXPECT_EQ(server.get("/api/games/" + id + "/belief").status, 409);

  ASSERT_EQ(server.post("/api/games/" + id + "/hint").status, 200);
  s = server.settled(id);
  ASSERT_TRUE(s["hint"].is_string());
  const json legal = s["legal"];
  EXPECT_NE(std::find(legal.begin(), legal.end(), s["hint"]), legal.end());
  const json board_at_1 = s["board"];

  ASSERT_EQ(server.post("/api/games/" + id + "/move", json{{"move", s["hint"]}}.dump()).status, 200);
  s = server.settled(id);
  EXPECT_EQ(s["ply"], 3);
  EXPECT_TRUE(s["can_undo"].get<bool>());
  s = server.post("/api/games/" + id + "/undo").json();
  EXPECT_EQ(s["ply"], 1);
  EXPECT_EQ(s["board"], board_at_1);
  EXPECT_TRUE(s["your_turn"].get<bool>());

  s = server.post("/api/games/" + id + "/resign").json();
  EXPECT_EQ(s["winner"], "bot");
  const auto rec = server.get("/api/games/" + id + "/record");
  ASSERT_EQ(rec.status, 200);
  const runner::GameRecord record = runner::parse_record(rec.body.substr(0, rec.body.find('\n')));
  EXPECT_EQ(record.moves.size(), 1u);
}

}  // namespace
}  // namespace junqi
