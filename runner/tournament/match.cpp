#include "runner/tournament/match.h"

#include <memory>

#include "engine/deployment.h"
#include "engine/random.h"
#include "runner/players/player_factory.h"
#include "runner/tournament/tournament_runner.h"

namespace junqi::runner {
namespace {

// The match as a two-player tournament config: the settings every game shares, the
// players' own time controls (player 0 = first, 1 = second).
TournamentConfig shared_settings(const MatchConfig& m) {
  TournamentConfig c;
  const auto [first, second] = side_names(m);
  c.players = {{first, m.first, m.first_time_control, std::nullopt, m.first_partner},
               {second, m.second, m.second_time_control, std::nullopt, m.second_partner}};
  c.rules = m.rules;
  c.time_control = m.time_control;
  c.seed = m.seed;
  c.out = m.out;
  c.log = m.log;
  c.startup_ms = m.startup_ms;
  c.contest_files = m.contest_files;
  c.contest_keep_dirs = m.contest_keep_dirs;
  c.margin_ms = m.margin_ms;
  return c;
}

// Game i of the match: the first player red in even games; its own seed; in a paired
// match both games of a pair share the deployments and the flip layout.
ScheduledGame match_game(const MatchConfig& config, int i) {
  ScheduledGame g;
  g.index = i;
  g.id = std::to_string(i + 1);
  g.pair = i / 2;
  g.players = i % 2 == 0 ? std::array<int, 2>{0, 1} : std::array<int, 2>{1, 0};
  g.seed = engine::Rng(config.seed * 0x9E3779B97F4A7C15ull + uint64_t(i)).next();
  g.layout_seed = g.seed;
  g.imposed = config.paired;
  if (config.paired) {
    engine::Rng pair_rng(config.seed * 0xBF58476D1CE4E5B9ull + uint64_t(g.pair));
    g.layout_seed = engine::Rng(pair_rng).next();
    for (auto& d : g.deployments) d = engine::random_deployment(pair_rng);
    if (config.rules.kind == engine::GameKind::kFour)
      for (auto& d : g.seat_deployments) d = engine::random_deployment(pair_rng);
  }
  return g;
}

}  // namespace

std::array<std::string, 2> side_names(const MatchConfig& m) {
  if (m.rules.kind != engine::GameKind::kFour) return {m.first, m.second};
  auto team = [](const std::string& name, const std::string& spec, const std::string& partner) {
    return !name.empty() ? name : partner.empty() || partner == spec ? spec : spec + "+" + partner;
  };
  return {team(m.first_team, m.first, m.first_partner), team(m.second_team, m.second, m.second_partner)};
}

MatchScore play_match(const MatchConfig& config, const std::function<void(const GameRecord&, int, bool)>& on_game) {
  const TournamentConfig settings = shared_settings(config);
  const PlayerOptions options{config.log, config.startup_ms, config.contest_files, config.contest_keep_dirs};
  // One player object per seat for the whole match: programs keep running between games.
  // By team: players[2t] plays the team's first seat, players[2t + 1] its partner's.
  const bool four = config.rules.kind == engine::GameKind::kFour;
  std::vector<std::unique_ptr<Player>> players;
  for (const TournamentPlayer& p : settings.players) {
    players.push_back(make_player(p.spec, options));
    if (four) players.push_back(make_player(p.partner.empty() ? p.spec : p.partner, options));
  }
  std::optional<RecordWriter> writer;
  if (!config.out.empty()) writer.emplace(config.out);
  MatchScore score;
  for (int i = 0; i < config.games; ++i) {
    const ScheduledGame game = match_game(config, i);
    const GameRecord record =
        four ? play_scheduled_four_game(settings, game,
                                        {players[2 * game.players[0]].get(), players[2 * game.players[1]].get(),
                                         players[2 * game.players[0] + 1].get(), players[2 * game.players[1] + 1].get()})
             : play_scheduled_game(settings, game, *players[game.players[0]], *players[game.players[1]]);
    if (writer) writer->append(record);
    const bool first_is_red = game.players[0] == 0;
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
