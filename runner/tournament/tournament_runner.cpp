#include "runner/tournament/tournament_runner.h"

#include <exception>
#include <memory>
#include <mutex>
#include <thread>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "runner/players/player_factory.h"
#include "runner/game/referee.h"

namespace junqi::runner {
namespace {

// A player under the name the tournament gives it, so records name configurations
// ("ismcts-300"), not bot kinds.
class NamedPlayer final : public Player {
 public:
  NamedPlayer(std::string name, std::unique_ptr<Player> inner) : name_(std::move(name)), inner_(std::move(inner)) {}
  std::string name() const override { return name_; }
  std::map<std::string, std::string> settings() const override { return inner_->settings(); }
  void time_control(const TimeControl& tc, int64_t untimed_move_ms) override {
    inner_->time_control(tc, untimed_move_ms);
  }
  bool accepts_setup() const override { return inner_->accepts_setup(); }
  Answer<bool> new_game(engine::Color side, const engine::Rules& rules, uint64_t seed, Deadline d) override {
    return inner_->new_game(side, rules, seed, d);
  }
  Answer<std::string> deploy(Deadline d) override { return inner_->deploy(d); }
  Answer<bool> setup(const engine::Deployment& deployment, Deadline d) override { return inner_->setup(deployment, d); }
  Answer<MoveAnswer> go(const engine::View& view, const search::Limits& limits, Deadline d) override {
    return inner_->go(view, limits, d);
  }
  void observe(const engine::View& view) override { inner_->observe(view); }
  bool plays_flip() const override { return inner_->plays_flip(); }
  Answer<MoveAnswer> go_flip(const engine::FlipView& view, const search::Limits& limits, Deadline d) override {
    return inner_->go_flip(view, limits, d);
  }
  void observe_flip(const engine::FlipView& view) override { inner_->observe_flip(view); }
  bool plays_four() const override { return inner_->plays_four(); }
  Answer<bool> new_four_game(int seat, const engine::Rules& rules, uint64_t seed, Deadline d) override {
    return inner_->new_four_game(seat, rules, seed, d);
  }
  Answer<MoveAnswer> go_four(const engine::four::FourView& view, const search::Limits& limits, Deadline d) override {
    return inner_->go_four(view, limits, d);
  }
  void observe_four(const engine::four::FourView& view) override { inner_->observe_four(view); }
  void game_over(const std::string& result, const std::string& reason) override { inner_->game_over(result, reason); }

 private:
  std::string name_;
  std::unique_ptr<Player> inner_;
};

}  // namespace

std::optional<ScheduledGame> GameQueue::next() {
  if (stopped()) return std::nullopt;
  int64_t position;
  {
    std::lock_guard lock(mutex_);
    for (; skip_ != done_.end() && *skip_ <= next_; ++skip_)
      if (*skip_ == next_) ++next_;
    if (next_ >= schedule_.size()) return std::nullopt;
    position = next_++;
  }
  return schedule_.game(position);  // outside the lock: drawing deployments takes a while
}

int effective_concurrency(int requested) {
  if (requested > 0) return requested;
  return std::max(1, int(std::thread::hardware_concurrency()));
}

GameRecord play_scheduled_game(const TournamentConfig& config, const ScheduledGame& game) {
  const PlayerOptions options{config.log, config.startup_ms, config.contest_files, config.contest_keep_dirs};
  if (config.rules.kind == engine::GameKind::kFour) {
    std::array<std::unique_ptr<Player>, 4> seats;
    std::array<Player*, 4> by_seat{};
    for (int s = 0; s < 4; ++s) {
      const TournamentPlayer& p = config.players[game.players[s & 1]];
      const std::string& spec = s < 2 || p.partner.empty() ? p.spec : p.partner;
      seats[s] = std::make_unique<NamedPlayer>(
          p.name, p.bot && (s < 2 || p.partner.empty()) ? make_player(*p.bot) : make_player(spec, options));
      by_seat[s] = seats[s].get();
    }
    return play_scheduled_four_game(config, game, by_seat);
  }
  std::array<std::unique_ptr<Player>, engine::kColors> players;
  for (engine::Color c : {engine::kRed, engine::kBlue}) {
    const TournamentPlayer& p = config.players[game.players[c]];
    players[c] = std::make_unique<NamedPlayer>(p.name, p.bot ? make_player(*p.bot) : make_player(p.spec, options));
  }
  return play_scheduled_game(config, game, *players[engine::kRed], *players[engine::kBlue]);
}

namespace {

// What every kind's game takes from the schedule and the config: the seed, the rules, the
// time controls (each side's or team's own, else the tournament's) and the limits.
GameSetup scheduled_setup(const TournamentConfig& config, const ScheduledGame& game) {
  GameSetup setup;
  for (int side : {0, 1}) setup.side_time_control[side] = config.players[game.players[side]].tc;
  setup.id = game.id;
  setup.seed = game.seed;
  setup.layout_seed = game.layout_seed;
  setup.rules = config.rules;
  setup.time_control = config.time_control;
  setup.startup_ms = config.startup_ms;
  setup.margin_ms = config.margin_ms;
  return setup;
}

}  // namespace

GameRecord play_scheduled_game(const TournamentConfig& config, const ScheduledGame& game, Player& red, Player& blue) {
  GameSetup setup = scheduled_setup(config, game);
  if (game.imposed)
    for (engine::Color c : {engine::kRed, engine::kBlue}) setup.imposed[c] = game.deployments[c];
  return play_game(red, blue, setup);
}

GameRecord play_scheduled_four_game(const TournamentConfig& config, const ScheduledGame& game,
                                    const std::array<Player*, 4>& seats) {
  GameSetup setup = scheduled_setup(config, game);
  for (int team : {0, 1}) setup.team_names[team] = config.players[game.players[team]].name;
  if (game.imposed)
    for (int s = 0; s < 4; ++s) setup.seat_imposed[s] = game.seat_deployments[s];
  return play_four_game(seats, setup);
}

RunSummary run_games(const TournamentConfig& config, const Schedule& schedule, const std::set<int64_t>& done,
                     int concurrency, const std::function<void(const ScheduledGame&, const GameRecord&)>& on_game,
                     const std::atomic<bool>* interrupt, const std::atomic<bool>* enough) {
  const int64_t left = schedule.size() - int64_t(done.size());
  const int workers = int(std::min<int64_t>(effective_concurrency(concurrency), std::max<int64_t>(1, left)));
  GameQueue queue(schedule, done, interrupt, enough);
  RunSummary summary;
  std::mutex mutex;  // guards summary and failure
  std::exception_ptr failure;

  auto worker = [&] {
    while (const auto game = queue.next()) {
      try {
        const GameRecord record = play_scheduled_game(config, *game);
        {
          std::lock_guard lock(mutex);
          if (failure) return;
        }
        on_game(*game, record);
        std::lock_guard lock(mutex);
        ++summary.played;
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
        queue.stop();
        return;
      }
    }
  };
  // The calling thread joins the arena, so `workers` games run at once in all; more than
  // the hardware threads is allowed (programs mostly wait).
  const tbb::global_control allow(tbb::global_control::max_allowed_parallelism, size_t(workers));
  tbb::task_arena arena(workers);
  arena.execute([&] {
    tbb::task_group group;
    for (int w = 0; w < workers; ++w) group.run(worker);
    group.wait();
  });
  if (failure) std::rethrow_exception(failure);
  summary.interrupted = interrupt && interrupt->load();
  return summary;
}

}  // namespace junqi::runner
