#include "runner/tournament/tournament_schedule.h"

#include <charconv>
#include <utility>

#include "engine/error.h"
#include "engine/random.h"
#include "runner/game/text.h"

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

Schedule::Schedule(const TournamentConfig& config, Shard shard)
    : pairings_(pairings(config)), pairs_(config.pairs), seed_(config.seed), book_(config.book),
      four_(config.rules.kind == engine::GameKind::kFour),
      shard_(shard) {
  int64_t total_pairs = 0, games = 0;
  if (__builtin_mul_overflow(int64_t(config.rounds) * config.pairs, int64_t(pairings_.size()), &total_pairs) ||
      __builtin_mul_overflow(total_pairs, int64_t(2), &games))
    throw engine::Error(cat({"tournament: ", std::to_string(config.rounds), " rounds of ", std::to_string(config.pairs),
                             " pairs for each of ", std::to_string(pairings_.size()),
                             " pairings are more games than can be counted"}));
  const int64_t shard_pairs = total_pairs >= shard.index ? (total_pairs - shard.index) / shard.count + 1 : 0;
  size_ = 2 * shard_pairs;
}

ScheduledGame Schedule::game(int64_t position) const {
  const int64_t pair = position / 2 * shard_.count + (shard_.index - 1);
  const int game = int(position % 2);
  const int64_t per_round = int64_t(pairs_) * int64_t(pairings_.size());
  const auto [a, b] = pairings_[size_t(pair % int64_t(pairings_.size()))];
  ScheduledGame s;
  s.index = 2 * pair + game;
  s.id = std::to_string(s.index + 1);
  s.pair = pair;
  s.round = int(pair / per_round);
  // The first player of a pairing is red in the pair's first game when its index is
  // even, so neither player is always red first.
  const bool a_red = (game == 0) != (pair % 2 == 1);
  s.players = a_red ? std::array<int, 2>{a, b} : std::array<int, 2>{b, a};
  engine::Rng pair_rng(seed_ * kPairStream + uint64_t(pair) + 1);
  s.layout_seed = engine::Rng(pair_rng).next();
  auto draw = [&] { return book_.empty() ? engine::random_deployment(pair_rng) : book_[pair_rng.below(book_.size())]; };
  if (four_)
    for (auto& d : s.seat_deployments) d = draw();
  else
    for (auto& d : s.deployments) d = draw();
  s.seed = engine::Rng(seed_ * kGameStream + uint64_t(s.index) + 1).next();
  return s;
}

std::optional<int64_t> Schedule::position_of(const std::string& id) const {
  int64_t number = 0;
  const auto [end, ec] = std::from_chars(id.data(), id.data() + id.size(), number);
  if (ec != std::errc() || end != id.data() + id.size() || number < 1 || std::to_string(number) != id)
    return std::nullopt;  // ids are written "1", "2", ...: "01" or "+1" names no game
  const int64_t index = number - 1, pair = index / 2;
  if (pair % shard_.count != shard_.index - 1) return std::nullopt;
  const int64_t position = pair / shard_.count * 2 + index % 2;
  if (position >= size_) return std::nullopt;
  return position;
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

}  // namespace junqi::runner
