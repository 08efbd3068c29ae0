#include "runner/tournament/match.h"

#include <memory>

#include "engine/deployment.h"
#include "engine/random.h"
#include "runner/players/player_factory.h"
#include "runner/game/referee.h"

namespace junqi::runner {

MatchScore play_match(const MatchConfig& config, const std::function<void(const GameRecord&, int, bool)>& on_game) {
  const PlayerOptions options{config.log, config.startup_ms, config.contest_files, config.contest_keep_dirs};
  std::unique_ptr<Player> first = make_player(config.first, options), second = make_player(config.second, options);
  std::optional<RecordWriter> writer;
  if (!config.out.empty()) writer.emplace(config.out);
  MatchScore score;
  std::array<engine::Deployment, engine::kColors> pair_deployments;
  for (int i = 0; i < config.games; ++i) {
    const bool first_is_red = i % 2 == 0;
    GameSetup setup;
    setup.id = std::to_string(i + 1);
    engine::Rng game_rng(config.seed * 0x9E3779B97F4A7C15ull + uint64_t(i));
    setup.seed = game_rng.next();
    setup.rules = config.rules;
    setup.time_control = config.time_control;
    setup.side_time_control[first_is_red ? engine::kRed : engine::kBlue] = config.first_time_control;
    setup.side_time_control[first_is_red ? engine::kBlue : engine::kRed] = config.second_time_control;
    setup.startup_ms = config.startup_ms;
    setup.margin_ms = config.margin_ms;
    if (config.paired) {
      engine::Rng pair_rng(config.seed * 0xBF58476D1CE4E5B9ull + uint64_t(i / 2));
      setup.layout_seed = engine::Rng(pair_rng).next();  // the flip game's layout
      if (i % 2 == 0)  // a new pair: two deployments from the pair's own seed
        for (auto& d : pair_deployments) d = engine::random_deployment(pair_rng);
      setup.imposed = {pair_deployments[engine::kRed], pair_deployments[engine::kBlue]};
    }
    Player& red = first_is_red ? *first : *second;
    Player& blue = first_is_red ? *second : *first;
    const GameRecord record = play_game(red, blue, setup);
    if (writer) writer->append(record);
    const double points = record.points(first_is_red ? 0 : 1);
    if (points == 0.5) ++score.draws;
    else if (points == 1.0) ++score.wins;
    else ++score.losses;
    ++score.reasons[record.reason];
    if (on_game) on_game(record, i, first_is_red);
  }
  return score;
}

}  // namespace junqi::runner
