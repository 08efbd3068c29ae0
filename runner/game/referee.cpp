#include "runner/game/referee.h"

#include "engine/error.h"
#include "engine/flip_game.h"
#include "engine/game.h"
#include "engine/game_end.h"
#include "engine/notation.h"
#include "engine/random.h"
#include "engine/view.h"
#include "runner/game/game_in_progress.h"

namespace junqi::runner {
namespace {

using namespace junqi::engine;

// One game in progress: the seats, the clocks, the record and the turn loop, the same
// for every kind. A kind (below) owns the engine's game and the players' views: how the
// game is set up, what a player is asked with, and who is told what.
class Referee {
 public:
  Referee(Player& first, Player& second, const GameSetup& setup)
      : seats_{&first, &second},
        setup_(setup),
        clocks_{GameClock(setup.time_control_of(kRed)), GameClock(setup.time_control_of(kBlue))} {
    record_.id = setup.id;
    record_.seed = setup.seed;
    record_.start_time = utc_timestamp();
    record_.rules = setup.rules;
    record_.red = first.name();
    record_.blue = second.name();
    record_.red_settings = first.settings();
    record_.blue_settings = second.settings();
    const std::string red_tc = setup.time_control_of(kRed).text(), blue_tc = setup.time_control_of(kBlue).text();
    record_.time_control = red_tc == blue_tc ? red_tc : red_tc + " / " + blue_tc;
  }
  virtual ~Referee() = default;

  GameRecord play() {
    if (start() && set_up()) {
      show_spectators();
      while (true) {
        const GameStatus status = game_status();
        if (status.over()) {
          finish(status.result, std::string(reason_name(status.reason)), "");
          break;
        }
        if (!play_turn()) break;
      }
    }
    show_spectators();
    for (Player* p : seats_) p->game_over(record_.result, record_.reason);
    return record_;
  }

 protected:
  // --- what a kind provides ---
  // Deployments or layout; false when a fault ended the game.
  virtual bool set_up() = 0;
  virtual GameStatus game_status() const = 0;
  virtual int seat_to_move() const = 0;
  virtual Answer<MoveAnswer> ask(int seat, const search::Limits& limits, Deadline deadline) = 0;
  virtual bool is_legal(Move m) const = 0;
  // Plays a legal move and tells every seat what it saw.
  virtual Step apply(Move m) = 0;
  // After a takeback: the game and the views set up afresh and record_.moves played
  // through again; every seat is shown its view once, at the end.
  virtual void replay_moves() = 0;
  // The colour a seat plays (before the flip game assigns colours, seat 0 counts as Red).
  virtual Color colour_of(int seat) const { return Color(seat); }

  void finish(Result result, const std::string& reason, const std::string& detail) {
    record_.result = result_name(result);
    record_.reason = reason;
    record_.detail = detail;
  }
  // Ends the game as a loss of `seat`; returns false so callers can `return lose(...)`.
  bool lose(int seat, const std::string& reason, const std::string& detail) {
    const Color c = colour_of(seat);
    finish(win_for(~c), reason, (c == kRed ? "red: " : "blue: ") + detail);
    return false;
  }

  std::array<Player*, kColors> seats_;
  const GameSetup& setup_;
  GameRecord record_;

 private:
  bool start() {
    for (int seat : {0, 1}) {
      seats_[seat]->time_control(setup_.time_control_of(Color(seat)), setup_.untimed_move_ms);
      const uint64_t seed = setup_.seed * 2 + uint64_t(seat);
      const auto a = seats_[seat]->new_game(Color(seat), setup_.rules, seed, after_ms(setup_.startup_ms));
      if (!a.ok()) return lose(seat, fault_reason(a.fault), a.detail);
    }
    return true;
  }

  bool play_turn() {
    const int seat = seat_to_move();
    const ClockedMove a = ask_on_clock(clocks_[seat], setup_, [&](const search::Limits& limits, Deadline deadline) {
      return ask(seat, limits, deadline);
    });
    if (!a.ok()) return lose(seat, a.reason, a.detail);
    if (a.move.move == "resign") return lose(seat, "resign", "resigned");
    if (setup_.takebacks_and_draw_offers && a.move.move == "undo") {
      // The seat's last move and the reply: the seat is to move again where it was.
      if (record_.moves.size() >= 2 && seats_[1 - seat]->can_take_back()) {
        record_.moves.resize(record_.moves.size() - 2);
        replay_moves();
      }
      return true;  // refused: the seat sees the same position again
    }
    if (setup_.takebacks_and_draw_offers && a.move.move == "draw") {
      if (!seats_[1 - seat]->accepts_draw()) return true;  // declined: play on
      finish(Result::kDraw, "agreement", "draw offer accepted");
      return false;
    }
    Move m;
    try {
      m = parse_move(a.move.move);
    } catch (const Error& e) {
      return lose(seat, "protocol", e.what());
    }
    if (!is_legal(m)) return lose(seat, "illegal-move", a.move.move + " is not legal");
    const Step step = apply(m);
    record_.moves.push_back({step.move, step.outcome, step.attacker, step.defender, a.used_ms, step.turned_up});
    show_spectators();
    return true;
  }

  void show_spectators() const {
    if (setup_.on_move) setup_.on_move(record_);
  }

  std::array<GameClock, kColors> clocks_;
};

// A seat is asked with its view and shown it after every step: go and observe for a
// View, go_flip and observe_flip for a FlipView.
Answer<MoveAnswer> ask_seat(Player& p, const View& v, const search::Limits& l, Deadline d) { return p.go(v, l, d); }
Answer<MoveAnswer> ask_seat(Player& p, const FlipView& v, const search::Limits& l, Deadline d) {
  return p.go_flip(v, l, d);
}
void show_seat(Player& p, const View& v) { p.observe(v); }
void show_seat(Player& p, const FlipView& v) { p.observe_flip(v); }

// What the kinds share: the game in progress (the engine's game G, one view V per seat),
// and showing each seat its view after every step.
template <class G, class V>
class KindReferee : public Referee {
 protected:
  using Referee::Referee;

  GameStatus game_status() const override { return play_->game().status(); }
  int seat_to_move() const override { return play_->game().current_player(); }
  Answer<MoveAnswer> ask(int seat, const search::Limits& limits, Deadline deadline) override {
    return ask_seat(*seats_[seat], play_->view(seat), limits, deadline);
  }
  bool is_legal(Move m) const override { return play_->game().is_legal(m); }
  // Starts the game in progress from the kind's fresh game.
  void open_game() { play_.emplace(fresh_game()); }
  const G& game() const { return play_->game(); }
  Step play_step(Move m) {
    const Step step = play_->apply(m);
    show_seats();
    return step;
  }
  void show_seats() {
    for (int seat : {0, 1}) show_seat(*seats_[seat], play_->view(seat));
  }
  // The kind's game as it stood before the first move.
  virtual G fresh_game() const = 0;
  void replay_moves() override {
    play_.emplace(fresh_game(), record_.moves);
    show_seats();
  }

  std::optional<GameInProgress<G, V>> play_;
};

// The dark and open games: each seat deploys (or is given a deployment), then plays its
// colour with a View.
class DarkReferee final : public KindReferee<Game, View> {
 public:
  using KindReferee::KindReferee;

 private:
  bool set_up() override {
    std::array<Deployment, kColors> d;
    for (Color c : {kRed, kBlue}) {
      const SeatDeployment seat = deploy_seat(*seats_[c], setup_.imposed[c], after_ms(setup_.startup_ms), c);
      (c == kRed ? record_.red_deployment : record_.blue_deployment) = seat.text;
      if (!seat.ok()) return lose(c, seat.reason, seat.detail);
      d[c] = seat.deployment;
    }
    deployments_ = d;
    open_game();
    return true;
  }
  Game fresh_game() const override { return Game(setup_.rules, deployments_); }

  Step apply(Move m) override { return play_step(m); }

  std::array<Deployment, kColors> deployments_{};
};

// The flip game: a random layout dealt from the setup's seed, seats that play whichever
// colour the flips give them, and FlipViews that hold only public information.
class FlipReferee final : public KindReferee<FlipGame, FlipView> {
 public:
  FlipReferee(Player& first, Player& second, const GameSetup& setup) : KindReferee(first, second, setup) {
    for (const Player* p : seats_)
      if (!p->plays_flip()) throw Error("player '" + p->name() + "' does not play the flip game");
  }

 private:
  bool set_up() override {
    open_game();
    record_.layout = to_jfen(game().position());
    return true;
  }
  FlipGame fresh_game() const override {
    Rng rng(setup_.layout_seed.value_or(setup_.seed));
    return FlipGame(random_flip_layout(rng, setup_.rules));
  }

  Step apply(Move m) override {
    const bool assigns = !game().position().colours_assigned();
    const Step step = play_step(m);
    if (assigns && game().position().colours_assigned()) name_colours();
    return step;
  }
  Color colour_of(int seat) const override { return play_ ? game().position().player_colour(seat) : Color(seat); }

  void replay_moves() override {
    KindReferee::replay_moves();
    name_colours();  // a takeback may go back to before the colours were given
  }

  // The record names players by colour: once the flips have given them, the seats are
  // written under the colours they play (before, the first seat under Red).
  void name_colours() {
    record_.first_colour = game().position().colours_assigned() ? colour_of(0) : kRed;
    const int red_seat = record_.first_colour == kRed ? 0 : 1;
    record_.red = seats_[red_seat]->name();
    record_.blue = seats_[1 - red_seat]->name();
    record_.red_settings = seats_[red_seat]->settings();
    record_.blue_settings = seats_[1 - red_seat]->settings();
  }

};

}  // namespace

SeatDeployment deploy_seat(Player& player, const std::optional<Deployment>& imposed, Deadline deadline, Color frame) {
  SeatDeployment out;
  if (imposed && player.accepts_setup()) {
    out.deployment = *imposed;
    const auto a = player.setup(*imposed, deadline);
    if (!a.ok()) {
      out.reason = fault_reason(a.fault);
      out.detail = a.detail;
    } else {
      out.text = deployment_string(*imposed);
    }
    return out;
  }
  const auto a = player.deploy(deadline);
  if (!a.ok()) {
    out.reason = fault_reason(a.fault);
    out.detail = a.detail;
    return out;
  }
  try {
    out.deployment = parse_legal_deployment(a.value, frame);
    out.text = deployment_string(out.deployment);
  } catch (const Error& e) {
    out.text = a.value;
    out.reason = "illegal-deployment";
    out.detail = e.what();
  }
  return out;
}

GameRecord play_game(Player& red, Player& blue, const GameSetup& setup) {
  check_two_player_kind(setup.rules);
  if (setup.rules.kind == GameKind::kFlip) return FlipReferee(red, blue, setup).play();
  return DarkReferee(red, blue, setup).play();
}

}  // namespace junqi::runner
