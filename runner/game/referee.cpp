#include "runner/game/referee.h"

#include <ctime>

#include "engine/error.h"
#include "engine/game.h"
#include "engine/game_end.h"
#include "engine/notation.h"
#include "engine/view.h"

namespace junqi::runner {
namespace {

using namespace junqi::engine;

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string fault_reason(Fault f) {
  switch (f) {
    case Fault::kTime: return "time";
    case Fault::kCrash: return "crash";
    case Fault::kProtocol: return "protocol";
    case Fault::kNone: break;
  }
  return "";
}

int64_t ms_since(SteadyClock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start).count();
}

Deadline after_ms(int64_t ms) { return SteadyClock::now() + std::chrono::milliseconds(ms); }

// One game in progress: the engine's game, both views, the clocks and the record.
class Referee {
 public:
  Referee(Player& red, Player& blue, const GameSetup& setup)
      : players_{&red, &blue},
        setup_(setup),
        clocks_{GameClock(setup.time_control_of(kRed)), GameClock(setup.time_control_of(kBlue))} {
    record_.id = setup.id;
    record_.seed = setup.seed;
    record_.start_time = utc_now();
    record_.rules = setup.rules;
    record_.red = red.name();
    record_.blue = blue.name();
    record_.red_settings = red.settings();
    record_.blue_settings = blue.settings();
    const std::string red_tc = setup.time_control_of(kRed).text(), blue_tc = setup.time_control_of(kBlue).text();
    record_.time_control = red_tc == blue_tc ? red_tc : red_tc + " / " + blue_tc;
  }

  GameRecord play() {
    if (start() && deploy()) {
      while (true) {
        const GameStatus status = game_->status();
        if (status.over()) {
          finish(status.result, std::string(reason_name(status.reason)), "");
          break;
        }
        if (!play_move()) break;
      }
    }
    for (Player* p : players_) p->game_over(record_.result, record_.reason);
    return record_;
  }

 private:
  void finish(Result result, const std::string& reason, const std::string& detail) {
    record_.result = result_name(result);
    record_.reason = reason;
    record_.detail = detail;
  }
  // Ends the game as a loss of `side`; returns false so callers can `return lose(...)`.
  bool lose(Color side, const std::string& reason, const std::string& detail) {
    finish(win_for(~side), reason, (side == kRed ? "red: " : "blue: ") + detail);
    return false;
  }

  bool start() {
    for (Color c : {kRed, kBlue}) {
      players_[c]->time_control(setup_.time_control_of(c), setup_.untimed_move_ms);
      const uint64_t seed = setup_.seed * 2 + c;
      const auto a = players_[c]->new_game(c, setup_.rules, seed, after_ms(setup_.startup_ms));
      if (!a.ok()) return lose(c, fault_reason(a.fault), a.detail);
    }
    return true;
  }

  bool deploy() {
    std::array<Deployment, kColors> d;
    for (Color c : {kRed, kBlue}) {
      const Deadline deadline = after_ms(setup_.startup_ms);
      if (setup_.imposed[c] && players_[c]->accepts_setup()) {
        d[c] = *setup_.imposed[c];
        const auto a = players_[c]->setup(d[c], deadline);
        if (!a.ok()) return lose(c, fault_reason(a.fault), a.detail);
      } else {
        const auto a = players_[c]->deploy(deadline);
        if (!a.ok()) return lose(c, fault_reason(a.fault), a.detail);
        try {
          d[c] = parse_legal_deployment(a.value, c);
        } catch (const Error& e) {
          (c == kRed ? record_.red_deployment : record_.blue_deployment) = a.value;
          return lose(c, "illegal-deployment", e.what());
        }
      }
      (c == kRed ? record_.red_deployment : record_.blue_deployment) = deployment_string(d[c]);
    }
    game_.emplace(setup_.rules, d);
    for (Color c : {kRed, kBlue}) views_[c].emplace(game_->initial_view(c));
    return true;
  }

  bool play_move() {
    const Color c = Color(game_->current_player());
    const int64_t allowed = clocks_[c].allowed_ms(setup_.untimed_move_ms);
    const auto start = SteadyClock::now();
    const auto a = players_[c]->go(*views_[c], clocks_[c].limits(), start + std::chrono::milliseconds(allowed + setup_.margin_ms));
    const int64_t used = ms_since(start);
    if (!a.ok()) return lose(c, fault_reason(a.fault), a.detail);
    if (used > allowed + setup_.margin_ms)
      return lose(c, "time", "took " + std::to_string(used) + " ms of " + std::to_string(allowed));
    clocks_[c].spend(used);
    if (a.value.move == "resign") return lose(c, "resign", "resigned");
    Move m;
    try {
      m = parse_move(a.value.move);
    } catch (const Error& e) {
      return lose(c, "protocol", e.what());
    }
    if (!game_->is_legal(m)) return lose(c, "illegal-move", a.value.move + " is not legal");

    const Step step = game_->apply(m);
    record_.moves.push_back({step.move, step.outcome, step.attacker, step.defender, used});
    for (Color v : {kRed, kBlue}) {
      for (const Token& t : step.seen[v]) views_[v]->apply(t);
      players_[v]->observe(*views_[v]);
    }
    return true;
  }

  std::array<Player*, kColors> players_;
  const GameSetup& setup_;
  GameRecord record_;
  std::optional<Game> game_;
  std::array<std::optional<View>, kColors> views_;
  std::array<GameClock, kColors> clocks_;
};

}  // namespace

GameRecord play_game(Player& red, Player& blue, const GameSetup& setup) { return Referee(red, blue, setup).play(); }

}  // namespace junqi::runner
