#include "runner/tournament_schedule.h"

#include <charconv>
#include <utility>

#include "engine/error.h"
#include "engine/random.h"
#include "runner/text.h"

namespace junqi::runner {
namespace {

// Independent streams for pair deployments and game seeds from one tournament seed.
constexpr uint64_t kPairStream = 0xBF58476D1CE4E5B9ull;
constexpr uint64_t kGameStream = 0x9E3779B97F4A7C15ull;

std::vector<std::pair<int, int>> pairings(const TournamentConfig& config) {
  const int n = int(config.players.size());
  std::vector<std::pair<int, int>> out;
  if (config.format == TournamentFormat::kGauntlet)
    for (int j = 1; j < n; ++j) out.emplace_back(0, j);
  else
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) out.emplace_back(i, j);
  return out;
}

}  // namespace

std::vector<ScheduledGame> make_schedule(const TournamentConfig& config) {
  const auto matchups = pairings(config);
  std::vector<ScheduledGame> games;
  int pair = 0;
  for (int round = 0; round < config.rounds; ++round)
    for (int slot = 0; slot < config.pairs; ++slot)
      for (const auto& [a, b] : matchups) {
        engine::Rng pair_rng(config.seed * kPairStream + uint64_t(pair) + 1);
        std::array<engine::Deployment, engine::kColors> d;
        for (auto& x : d)
          x = config.book.empty() ? engine::random_deployment(pair_rng) : config.book[pair_rng.below(config.book.size())];
        // The first player of a pairing is red in the pair's first game when its index
        // is even, so neither player is always red first.
        const bool swap_first = pair % 2 == 1;
        for (int g = 0; g < 2; ++g) {
          ScheduledGame s;
          s.index = int(games.size());
          s.id = std::to_string(s.index + 1);
          s.pair = pair;
          s.round = round;
          const bool a_red = (g == 0) != swap_first;
          s.players = a_red ? std::array<int, 2>{a, b} : std::array<int, 2>{b, a};
          s.deployments = d;
          s.seed = engine::Rng(config.seed * kGameStream + uint64_t(s.index) + 1).next();
          games.push_back(std::move(s));
        }
        ++pair;
      }
  return games;
}

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  Shard s;
  auto number = [&](std::string_view part, int& out) {
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    return ec == std::errc() && end == part.data() + part.size();
  };
  const std::string_view all(text);
  if (slash == std::string::npos || !number(all.substr(0, slash), s.index) || !number(all.substr(slash + 1), s.count) ||
      s.count < 1 || s.index < 1 || s.index > s.count)
    throw engine::Error(cat({"--shard: expected K/N with 1 <= K <= N, not '", text, "'"}));
  return s;
}

std::vector<ScheduledGame> shard_of(const std::vector<ScheduledGame>& schedule, const Shard& shard) {
  std::vector<ScheduledGame> out;
  for (const ScheduledGame& g : schedule)
    if (g.pair % shard.count == shard.index - 1) out.push_back(g);
  return out;
}

}  // namespace junqi::runner
