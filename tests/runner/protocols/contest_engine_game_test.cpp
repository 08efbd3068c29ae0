// `junqi contest` (ContestEngine) through whole games: a referee written in the test
// answers the engine's messages as they come, from a true game (engine::Game) against a
// random opponent, so every ending the contest protocol can report is reached in process.
#include <gtest/gtest.h>

#include <istream>
#include <optional>
#include <sstream>
#include <streambuf>
#include <string>

#include "engine/deployment.h"
#include "engine/game.h"
#include "engine/random.h"
#include "runner/protocols/contest_engine.h"
#include "runner/protocols/contest_protocol.h"
#include "search/bot_config.h"

namespace {

using namespace junqi;
namespace contest = runner::contest;

// The engine's input stream: each message is made when the engine asks for it, from
// what the engine has written so far, so the conversation is a real one.
class ScriptedReferee final : public std::streambuf {
 public:
  ScriptedReferee(engine::Color engine_side, uint64_t seed, const std::ostringstream& engine_out)
      : side_(engine_side), rng_(seed), out_(engine_out) {}

  // Whether the engine's side took the enemy flag after FF had named it.
  bool took_known_flag() const {
    return game_ && flag_ && game_->status().reason == engine::EndReason::kFlag &&
           game_->status().result == engine::win_for(side_);
  }

 protected:
  int_type underflow() override {
    message_ = next_message();
    if (message_.empty()) return traits_type::eof();
    setg(message_.data(), message_.data(), message_.data() + message_.size());
    return traits_type::to_int_type(message_[0]);
  }

 private:
  enum class Stage { kInfo, kStart, kFirstGo, kResult, kGo, kEnded };

  // The engine's next line of output (empty if it wrote none).
  std::string engine_line() {
    const std::string text = out_.str();
    const size_t end = text.find('\n', read_);
    if (end == std::string::npos) return "";
    std::string line = text.substr(read_, end - read_);
    read_ = end + 1;
    return line;
  }

  // Plays a move of the true game, remembering the enemy flag once the engine's side is
  // shown it.
  engine::Step play(engine::Move m) {
    engine::Step step = game_->apply(m);
    for (const engine::Token& t : step.seen[side_])
      if (t.kind == engine::Token::Kind::kReveal && t.piece == engine::make_piece(~side_, engine::kFlag))
        flag_ = t.square;
    return step;
  }

  // The opponent's random move and the GO reporting it; END if the game is over.
  std::string opponent_moves() {
    if (game_->status().over()) return end();
    engine::MoveList list;
    engine::generate(game_->position(), list);
    const engine::Step step = play(list[int(rng_.below(uint64_t(list.size)))]);
    if (game_->status().over()) return end();
    stage_ = Stage::kResult;
    return contest::go_line({step.move, step.outcome, flag_}, side_) + "\n";
  }

  std::string end() {
    stage_ = Stage::kEnded;
    return "END\n";
  }

  std::string next_message() {
    switch (stage_) {
      case Stage::kInfo:
        stage_ = Stage::kStart;
        return "INFO 1.0\n";
      case Stage::kStart:
        stage_ = Stage::kFirstGo;
        return contest::start_line({side_ == engine::kRed, 100, 35}) + "\n";
      case Stage::kFirstGo: {
        engine_line();  // NAME
        std::array<engine::Deployment, engine::kColors> d;
        d[side_] = contest::parse_array(engine_line());
        d[~side_] = engine::random_deployment(rng_);
        game_.emplace(engine::Rules{}, d);
        if (side_ != engine::kRed) return opponent_moves();
        stage_ = Stage::kResult;
        return contest::go_line({}, side_) + "\n";
      }
      case Stage::kResult: {
        const engine::Move m = contest::parse_bestmove(engine_line(), side_);
        if (!game_->is_legal(m)) return end();  // the test fails on the engine's status
        const engine::Step step = play(m);
        stage_ = Stage::kGo;
        return contest::result_line({engine::kNullMove, step.outcome, flag_}, side_) + "\n";
      }
      case Stage::kGo:
        return opponent_moves();
      case Stage::kEnded:
        break;
    }
    return "";
  }

  engine::Color side_;
  engine::Rng rng_;
  const std::ostringstream& out_;
  size_t read_ = 0;
  Stage stage_ = Stage::kInfo;
  std::optional<engine::Game> game_;
  std::optional<engine::Square> flag_;
  std::string message_;
};

TEST(ContestEngineGame, FinishesEveryGameCleanlyTakingAKnownFlagIncluded) {
  // Random against random: some games see the enemy Field Marshal die (FF names the
  // flag from then on, RESULT included) and the engine's side take that flag later.
  int known_flag_taken = 0;
  for (uint64_t seed = 1; seed <= 400 && known_flag_taken < 3; ++seed) {
    const engine::Color side = seed % 2 ? engine::kRed : engine::kBlue;
    std::ostringstream out, err;
    ScriptedReferee referee(side, seed, out);
    std::istream in(&referee);
    const int status =
        runner::ContestEngine(search::resolve_bot("random"), engine::Rules{}, seed, in, out, err).run();
    ASSERT_EQ(status, 0) << "seed " << seed << ": " << err.str();
    if (referee.took_known_flag()) ++known_flag_taken;
  }
  EXPECT_EQ(known_flag_taken, 3) << "too few games where a known flag was taken: the test lost its point";
}

}  // namespace
