// The four-player game (四国) through the JSON API of `junqi serve` (docs/web.md): the
// person in one seat, bots in the other three. Every board the server sends must be the
// engine's FourView of the person's seat, rebuilt here from the record's deployments once
// the game is over; no other seat's hidden identity may appear in it.
#include <algorithm>
#include <bit>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/deployment.h"
#include "engine/four/game.h"
#include "engine/four/notation.h"
#include "engine/four/view.h"
#include "engine/notation.h"
#include "runner/game/four_replay.h"
#include "runner/game/record.h"
#include "tests/runner/web/web_test_server.h"

namespace junqi {
namespace {

using nlohmann::json;
using testing_support::WebTestServer;
namespace four = engine::four;

constexpr const char* kSeats[four::kSeats] = {"south", "east", "north", "west"};

json four_game_body(const std::string& bot, const std::string& side) {
  return {
      {"kind", "four"}, {"bot", bot}, {"side", side}, {"deployment", std::string(engine::kSampleDeployment)}};
}

std::map<std::string, std::string> board_of(const json& state) {
  std::map<std::string, std::string> board;
  for (const json& p : state["board"]) board[p["square"]] = p["piece"];
  return board;
}

// A piece as the API writes it: the seat's lowercase letter, the type's letter.
std::string piece_text(engine::Piece p) {
  return {char(std::tolower(four::seat_letter(four::seat_of(p)))), engine::type_char(engine::type_of(p))};
}

std::map<std::string, std::string> board_of(const four::Position& pos) {
  std::map<std::string, std::string> board;
  for (int sq = 0; sq < four::Board::kSquares; ++sq)
    if (const engine::Piece p = pos.piece_on(engine::Square(sq)); p != engine::kNoPiece)
      board[four::square_name(engine::Square(sq))] = piece_text(p);
  return board;
}

// Plays the person's turns (a fight whenever one is legal, so that pieces fall and the
// rules reveal some) until the game is over or `turns` are played, then resigns. Returns
// every state the server sent.
std::vector<json> play_out(WebTestServer& server, const std::string& id, int turns) {
  std::vector<json> states;
  for (int turn = 0; turn < turns; ++turn) {
    const json s = server.settled(id);
    states.push_back(s);
    if (s["over"].get<bool>()) return states;
    EXPECT_TRUE(s["your_turn"].get<bool>()) << s.dump();
    if (!s["your_turn"].get<bool>()) return states;
    EXPECT_EQ(server.get("/api/games/" + id + "/record").status, 409);
    const auto board = board_of(s);
    const json& legal = s["legal"];
    std::string move = legal[(turn * 7) % legal.size()];
    for (const json& m : legal)
      if (board.count(m.get<std::string>().substr(4))) move = m;
    const auto r = server.post("/api/games/" + id + "/move", json{{"move", move}}.dump());
    EXPECT_EQ(r.status, 200) << r.body;
  }
  states.push_back(server.post("/api/games/" + id + "/resign").json());
  return states;
}

struct Finished {
  std::string text;  // the record line as the server sent it
  runner::GameRecord record;
  std::array<engine::Deployment, four::kSeats> deployments;
};

Finished record_of(WebTestServer& server, const std::string& id) {
  const auto rec = server.get("/api/games/" + id + "/record");
  EXPECT_EQ(rec.status, 200) << rec.body;
  Finished f;
  f.text = rec.body;
  f.record = runner::parse_record(rec.body.substr(0, rec.body.find('\n')));
  EXPECT_NO_THROW(runner::replay_four(f.record));  // the record holds a game the rules accept
  for (int s = 0; s < four::kSeats; ++s)
    f.deployments[s] = engine::parse_deployment(f.record.seat_deployments[s]);
  return f;
}

// Each state checked against the truth: the seat's FourView after the moves the state
// lists, played on the record's deployments, must be exactly the board sent, each move's
// text exactly the tokens that seat was shown; and any identity shown of a seat the person
// does not see must have been revealed to it, and be the true one.
void check_states(const std::vector<json>& states, const Finished& f, int me, bool allies_visible,
                  int& hidden, int& revealed) {
  for (const json& s : states) {
    four::FourGame game(f.record.rules, f.deployments);
    four::FourView view = game.initial_view(me);
    std::string seen_tokens;
    ASSERT_EQ(s["moves"].size(), s["ply"].get<size_t>());
    for (const json& m : s["moves"]) {
      const std::string text = m["text"];
      const engine::Move move = four::parse_token(text.substr(0, text.find(' '))).move;
      ASSERT_TRUE(game.is_legal(move)) << text;
      EXPECT_EQ(m["seat"], kSeats[game.current_player()]) << text;
      const four::Step step = game.apply(move);
      std::string tokens;
      for (const four::Token& t : step.seen[me]) {
        view.apply(t);
        const std::string token = four::token_string(t);
        if (!tokens.empty()) tokens += ' ';
        tokens += token;
        if (t.kind == four::Token::Kind::kReveal) seen_tokens += ' ' + token;
      }
      EXPECT_EQ(text, tokens);
    }
    const auto shown = board_of(s);
    ASSERT_EQ(shown, board_of(view.board())) << "ply " << s["ply"];
    const four::Position& truth = game.position();
    for (const auto& [square, piece] : shown) {
      const engine::Piece true_piece = truth.piece_on(*four::parse_square(square));
      ASSERT_NE(true_piece, engine::kNoPiece) << square;
      EXPECT_EQ(piece[0], piece_text(true_piece)[0]) << square;  // the seat is public
      const four::Seat seat = four::seat_of(true_piece);
      const bool sees = seat == four::Seat(me) || (allies_visible && seat == four::ally_of(four::Seat(me)));
      if (sees) {
        EXPECT_EQ(piece, piece_text(true_piece)) << square;
      } else if (piece[1] == 'X') {
        ++hidden;
      } else {
        ++revealed;
        EXPECT_EQ(piece, piece_text(true_piece)) << square;
        // Shown only through a reveal token of that seat's piece type (it may have moved since).
        const std::string told = std::string(1, char(std::tolower(piece[0]))) + piece[1] + "@";
        EXPECT_NE(seen_tokens.find(told), std::string::npos) << square << " " << piece << " never revealed";
      }
    }
    // A resignation ends the game outside the rules' view of it; any other end is the view's.
    const bool resigned = s["over"].get<bool>() && s["reason"] == "resign";
    EXPECT_EQ(s["your_turn"].get<bool>(), view.our_turn() && !resigned) << "ply " << s["ply"];
    EXPECT_EQ(s["over"].get<bool>() && !resigned, view.status().over()) << "ply " << s["ply"];
    for (int seat = 0; seat < four::kSeats; ++seat)
      EXPECT_EQ(s["seats"][seat]["out"].get<bool>(), view.out(four::Seat(seat))) << "ply " << s["ply"];
  }
}

TEST(WebFour, EveryBoardIsTheSeatsFourViewAndNothingHiddenIsSent) {
  WebTestServer server("four-hidden");
  const auto created = server.post("/api/games", four_game_body("random", "east").dump());
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.json()["id"];
  EXPECT_EQ(created.json()["kind"], "four");
  EXPECT_EQ(created.json()["seat"], "east");

  const std::vector<json> states = play_out(server, id, 150);
  ASSERT_TRUE(states.back()["over"].get<bool>());
  const Finished f = record_of(server, id);
  EXPECT_EQ(f.record.seat_players[1], "you");
  EXPECT_EQ(f.record.seat_deployments[1],
            engine::deployment_string(engine::parse_deployment(engine::kSampleDeployment)));
  EXPECT_EQ(f.record.moves.size(), states.back()["ply"].get<size_t>());
  int hidden = 0, revealed = 0;
  check_states(states, f, 1, false, hidden, revealed);
  EXPECT_GT(hidden, 0);
  // No other seat's deployment, which would tell its pieces, ever went out before the end.
  for (size_t i = 0; i + 1 < states.size(); ++i)
    for (int s : {0, 2, 3}) EXPECT_EQ(states[i].dump().find(f.record.seat_deployments[s]), std::string::npos);
  // The game was played to its end or far into it: pieces fell.
  EXPECT_GT(states.back()["ply"].get<int>(), 100);
  int fights = 0;
  for (const json& m : states.back()["moves"])
    fights += m["text"].get<std::string>().find('x') != std::string::npos;
  EXPECT_GT(fights, 10);

  // Replayed from the record, East's view shows at each ply what the game showed; the full
  // board names every piece; Red is no seat of this game.
  const auto mine = server.post("/api/replay", json{{"text", f.text}, {"viewpoint", "east"}}.dump());
  ASSERT_EQ(mine.status, 200) << mine.body;
  const json frames = mine.json()["frames"];
  ASSERT_EQ(frames.size(), f.record.moves.size() + 1);
  for (const json& st : states) {
    EXPECT_EQ(frames[st["ply"].get<size_t>()]["board"], st["board"]) << "ply " << st["ply"];
    if (st["ply"] > 0) {
      EXPECT_EQ(frames[st["ply"].get<size_t>()]["move"], st["moves"].back()["text"]);
    }
  }
  const json full = server.post("/api/replay", json{{"text", f.text}}.dump()).json()["frames"];
  ASSERT_EQ(full.size(), frames.size());
  for (const json& frame : full)
    for (const json& p : frame["board"]) EXPECT_NE(p["piece"].get<std::string>()[1], 'X');
  EXPECT_EQ(full[1]["player"], 0);  // South moved first
  EXPECT_EQ(server.post("/api/replay", json{{"text", f.text}, {"viewpoint", "red"}}.dump()).status, 400);
}

// 四国双明: the partner's pieces are named, the opponents' still hidden.
TEST(WebFour, AlliesVisibleShowsThePartnerOnly) {
  WebTestServer server("four-allies");
  json body = four_game_body("random", "north");
  body["rules"] = {{"four_allies_visible", true}};
  const std::string id = server.new_game(body.dump());
  ASSERT_FALSE(id.empty());
  const std::vector<json> states = play_out(server, id, 30);
  ASSERT_TRUE(states.back()["over"].get<bool>());
  const Finished f = record_of(server, id);
  EXPECT_TRUE(f.record.rules.four_allies_visible);
  int hidden = 0, revealed = 0;
  check_states(states, f, 2, true, hidden, revealed);
  EXPECT_GT(hidden, 0);
  // South's pieces named from the first state on: all 25, or 24 if South's one move before
  // ours was a fight it lost.
  int partner = 0, partner_hidden = 0;
  for (const auto& [square, piece] : board_of(states.front()))
    if (piece[0] == 's') ++partner, partner_hidden += piece[1] == 'X';
  EXPECT_EQ(partner_hidden, 0);
  EXPECT_GE(partner, engine::kPiecesPerSide - 1);
}

// South moves first; a hint is one of our legal moves; undo takes back our move and the
// three bots' replies; resigning loses for our team, and the record names the seats.
TEST(WebFour, UndoTakesBackARoundAndResignationEndsIt) {
  WebTestServer server("four-undo");
  const std::string id = server.new_game(four_game_body("greedy", "south").dump());
  ASSERT_FALSE(id.empty());
  json s = server.settled(id);
  ASSERT_TRUE(s["your_turn"].get<bool>());
  EXPECT_EQ(s["ply"], 0);
  EXPECT_FALSE(s["can_undo"].get<bool>());
  EXPECT_EQ(server.post("/api/games/" + id + "/undo").status, 409);
  EXPECT_TRUE(s["hint"].is_null());
  ASSERT_EQ(server.post("/api/games/" + id + "/hint").status, 200);
  s = server.settled(id);
  ASSERT_TRUE(s["hint"].is_string()) << s.dump();
  EXPECT_NE(std::find(s["legal"].begin(), s["legal"].end(), s["hint"]), s["legal"].end()) << s["hint"];
  const json start = s;
  ASSERT_EQ(server.post("/api/games/" + id + "/move", json{{"move", s["hint"]}}.dump()).status, 200);
  s = server.settled(id);
  ASSERT_EQ(s["ply"], 4);  // our move, then East, North and West
  EXPECT_TRUE(s["hint"].is_null());  // the hint was for the last turn
  EXPECT_EQ(s["moves"][3]["seat"], "west");
  EXPECT_TRUE(s["can_undo"].get<bool>());
  s = server.post("/api/games/" + id + "/undo").json();
  EXPECT_EQ(s["ply"], 0);
  EXPECT_EQ(s["board"], start["board"]);
  EXPECT_EQ(s["legal"], start["legal"]);
  EXPECT_TRUE(s["your_turn"].get<bool>());
  EXPECT_EQ(s["moves"], json::array());
  ASSERT_EQ(server.post("/api/games/" + id + "/move", json{{"move", s["legal"].back()}}.dump()).status, 200);
  s = server.settled(id);
  EXPECT_EQ(s["ply"], 4);

  s = server.post("/api/games/" + id + "/resign").json();
  EXPECT_TRUE(s["over"].get<bool>());
  EXPECT_EQ(s["winner"], "opponents");
  EXPECT_EQ(s["result"], "0-1");  // East and West win
  EXPECT_EQ(s["reason"], "resign");
  EXPECT_EQ(server.post("/api/games/" + id + "/undo").status, 409);
  const Finished f = record_of(server, id);
  EXPECT_EQ(f.record.moves.size(), 4u);
  EXPECT_EQ(f.record.seat_players[0], "you");
  EXPECT_EQ(f.record.seat_players[2], "greedy");
  EXPECT_EQ(f.record.result, "0-1");
}

TEST(WebFour, ServesTheCrossBoardAndRefusesMalformedRequests) {
  WebTestServer server("four-errors");
  const json g = server.get("/api/geometry/four").json();
  ASSERT_EQ(g["squares"].size(), size_t(four::Board::kSquares));
  int camps = 0, hqs = 0, centre = 0;
  for (const json& s : g["squares"]) {
    const engine::Square sq = *four::parse_square(s["name"].get<std::string>());
    EXPECT_EQ(s["camp"].get<bool>(), bool(four::Board::kT.camps & four::Bitboard::of(sq)));
    camps += s["camp"].get<bool>();
    hqs += s["headquarters"].get<bool>();
    centre += s["seat"] == "C";
  }
  EXPECT_EQ(camps, 20);  // five a half
  EXPECT_EQ(hqs, 8);
  EXPECT_EQ(centre, 9);
  size_t links = 0, arcs = 0;
  for (int s = 0; s < four::Board::kSquares; ++s) links += popcount(four::Board::kT.links[s]);
  for (const json& l : g["links"]) arcs += l["arc"].get<bool>();
  EXPECT_EQ(g["links"].size(), links / 2);
  EXPECT_EQ(arcs, 4u);
  const json kinds = server.get("/api/rules").json()["kinds"];
  EXPECT_NE(std::find(kinds.begin(), kinds.end(), "four"), kinds.end());
  const json bots = server.get("/api/bots").json();  // kept: a loop over a temporary's member would dangle
  for (const json& b : bots["bots"])
    if (b["name"] == "random" || b["name"] == "heuristic") {
      EXPECT_EQ(b["four"].get<bool>(), b["name"] == "random");
    }

  const auto refused = [&](const json& body, int status, const std::string& words) {
    const auto r = server.post("/api/games", body.dump());
    EXPECT_EQ(r.status, status) << body.dump();
    EXPECT_NE(r.json()["error"].get<std::string>().find(words), std::string::npos) << r.body;
  };
  refused(four_game_body("random", "red"), 400, "'south', 'east', 'north' or 'west'");
  refused(json{{"kind", "dark"}, {"side", "south"}}, 400, "'red' or 'blue'");
  refused(four_game_body("heuristic", "south"), 400, "does not play the four-player game");
  json body = four_game_body("random", "west");
  body["deployment"] = "FLLLL/PPPPP/+++++/+++++/+++++/+++++";
  refused(body, 400, "");
  body = four_game_body("random", "west");
  body["time_control"] = "clock=60000+0";
  refused(body, 400, "no clock");
  body = four_game_body("random", "west");
  body["bot_deployment"] = std::string(engine::kSampleDeployment);
  refused(body, 400, "deploy themselves");

  const std::string id = server.new_game(four_game_body("random", "south").dump());
  ASSERT_FALSE(id.empty());
  const std::string game = "/api/games/" + id;
  for (const std::string move : {"a4-a5", "Sa4-Zz9", "Cb2-Cb3", ""}) {
    const auto r = server.post(game + "/move", json{{"move", move}}.dump());
    EXPECT_EQ(r.status, 400) << move << " " << r.body;
    EXPECT_TRUE(r.json()["error"].is_string());
  }
  for (const std::string samples : {"0", "x", "100001"})
    EXPECT_EQ(server.get(game + "/belief?samples=" + samples).status, 400) << samples;
  EXPECT_EQ(server.get(game + "/record").status, 409);
  EXPECT_EQ(server.post(game + "/undo").status, 409);
  // The game goes on after every refusal.
  const json s = server.settled(id);
  EXPECT_TRUE(s["your_turn"].get<bool>());
  EXPECT_EQ(server.post(game + "/move", json{{"move", s["legal"][0]}}.dump()).status, 200);
}

// Plays `turns` of the person's turns, each a legal move in turn (every seventh), waiting
// for the bots in between; returns the last state (the game may be over).
json play_turns(WebTestServer& server, const std::string& id, int turns) {
  json s = server.settled(id);
  for (int turn = 0; turn < turns && !s["over"].get<bool>(); ++turn) {
    const json& legal = s["legal"];
    EXPECT_EQ(server.post("/api/games/" + id + "/move", json{{"move", legal[(turn * 7) % legal.size()]}}.dump()).status,
              200);
    s = server.settled(id);
  }
  return s;
}

// The belief view names exactly the pieces the person cannot identify, each with types
// whose chances add up to one, and never a type the rules forbid where the piece stands:
// a Flag outside a headquarters, a Landmine (it never moves) outside its own half's two
// back ranks.
TEST(WebFour, TheBeliefViewGuessesEveryUnidentifiedPieceWithinTheRules) {
  WebTestServer server("four-belief");
  std::set<std::string> headquarters;
  const json geometry = server.get("/api/geometry/four").json();
  for (const json& sq : geometry["squares"])
    if (sq["headquarters"].get<bool>()) headquarters.insert(sq["name"].get<std::string>());
  ASSERT_EQ(headquarters.size(), 8u);
  const std::string id = server.new_game(four_game_body("random", "north").dump());
  int checked = 0;
  for (int round = 0; round < 4; ++round) {
    const json s = play_turns(server, id, round == 0 ? 0 : 15);
    std::map<std::string, std::string> unidentified;
    for (const auto& [square, piece] : board_of(s))
      if (piece[1] == 'X') unidentified[square] = piece;
    const json belief = server.get("/api/games/" + id + "/belief?samples=300").json();
    EXPECT_EQ(belief["samples"], 300);
    std::map<std::string, json> guessed;
    for (const json& p : belief["pieces"]) guessed[p["square"]] = p["types"];
    ASSERT_EQ(guessed.size(), unidentified.size()) << "ply " << s["ply"];
    for (const auto& [square, piece] : unidentified) {
      ASSERT_TRUE(guessed.count(square)) << square;
      double total = 0;
      for (const auto& [type, chance] : guessed[square].items()) {
        ASSERT_EQ(type.size(), 1u);
        EXPECT_TRUE(engine::parse_type_char(type[0]).has_value()) << type;
        EXPECT_GT(chance.get<double>(), 0);
        total += chance.get<double>();
      }
      EXPECT_NEAR(total, 1, 0.01) << square;
      const char half = square[0];
      const int rank = std::stoi(square.substr(2));
      if (!headquarters.count(square)) {
        EXPECT_FALSE(guessed[square].contains("F")) << square;
      }
      if (std::toupper(piece[0]) != half || rank > 2) {
        EXPECT_FALSE(guessed[square].contains("L")) << square;
      }
      ++checked;
    }
    if (s["over"].get<bool>()) break;
  }
  EXPECT_GT(checked, 50);
}

// A draw offer waits for the next opponent's search, which answers for its team: random
// bots report no win rate and decline; the game goes on, and a new offer may be made.
TEST(WebFour, RandomOpponentsDeclineADrawOffer) {
  WebTestServer server("four-draw-declined");
  const std::string id = server.new_game(four_game_body("random", "south").dump());
  const std::string game = "/api/games/" + id;
  json s = server.post(game + "/draw").json();
  EXPECT_EQ(s["draw_offer"], "pending");
  EXPECT_EQ(server.post(game + "/draw").status, 409) << "an offer already on the table";
  s = play_turns(server, id, 1);
  EXPECT_EQ(s["draw_offer"], "declined");
  EXPECT_FALSE(s["over"].get<bool>());
  EXPECT_EQ(server.post(game + "/draw").json()["draw_offer"], "pending");
}

// With max_plies=2 the game is drawn whatever East answers to South's first move (no
// Flag is in reach so soon, and one taken Flag would not end it), so East's search sees a
// draw and accepts the offer made with that move, for its team.
TEST(WebFour, ASearchingOpponentThatSeesADrawAcceptsTheOffer) {
  WebTestServer server("four-draw-accepted");
  json body = four_game_body("pimc", "south");
  body["rules"] = {{"max_plies", 2}};
  const std::string id = server.new_game(body.dump());
  const std::string game = "/api/games/" + id;
  const json s0 = server.settled(id);
  ASSERT_EQ(server.post(game + "/draw").status, 200);
  ASSERT_EQ(server.post(game + "/move", json{{"move", s0["legal"][0]}}.dump()).status, 200);
  const json s = server.settled(id);
  EXPECT_EQ(s["draw_offer"], "accepted");
  EXPECT_TRUE(s["over"].get<bool>());
  EXPECT_EQ(s["winner"], "draw");
  EXPECT_EQ(s["result"], "1/2-1/2");
  EXPECT_EQ(s["reason"], "agreement");
  EXPECT_EQ(s["ply"], 1);  // East agreed instead of moving
  const Finished f = record_of(server, id);
  EXPECT_EQ(f.record.result, "1/2-1/2");
  EXPECT_EQ(f.record.reason, "agreement");
}

}  // namespace
}  // namespace junqi
