// FourGame and FourView over many random four-player games, with and without
// four_allies_visible: each seat's view follows the game (side to move, status, legal
// moves), never holds an identity the seat may not see, its tokens survive their text
// form, and every world it samples replays through FourGame to exactly the tokens it saw.

#include "engine/four/game.h"

#include <gtest/gtest.h>

#include "engine/error.h"
#include "engine/four/movegen.h"
#include "engine/four/notation.h"

namespace junqi::engine::four {
namespace {

Rules four_rules(bool allies_visible, std::initializer_list<std::pair<const char*, const char*>> options = {}) {
  Rules r;
  r.set("kind", "four");
  r.four_allies_visible = allies_visible;
  for (const auto& [key, value] : options) r.set(key, value);
  return r;
}

std::array<Deployment, kSeats> random_deployments(Rng& rng) {
  std::array<Deployment, kSeats> d;
  for (auto& one : d) one = random_deployment(rng);
  return d;
}

// Whether `seat` may know the identity of the piece `p` standing on a square of the true
// position: its own, its partner's under four_allies_visible, and a Flag whose seat lost
// its Marshal (marshal_death_reveals_flag), worked out here from the true game.
bool may_know(Seat seat, Piece p, bool allies_visible, const std::array<bool, kSeats>& marshal_dead) {
  const Seat owner = seat_of(p);
  if (owner == seat || (allies_visible && owner == ally_of(seat))) return true;
  return type_of(p) == kFlag && marshal_dead[owner];
}

// Replays `moves` from `world` and checks that `view`'s seat sees exactly its history, and
// that the view's sampled position is the replayed one.
void expect_replays(const FourView& view, const std::array<Deployment, kSeats>& world,
                    const std::vector<Move>& moves) {
  FourGame replay(view.rules(), world);
  std::vector<Token> seen = replay.initial_view(view.seat()).history();
  for (const Move m : moves) {
    ASSERT_TRUE(replay.is_legal(m)) << four::move_string(m);
    const Step step = replay.apply(m);
    seen.insert(seen.end(), step.seen[view.seat()].begin(), step.seen[view.seat()].end());
  }
  ASSERT_EQ(seen.size(), view.history().size());
  for (size_t i = 0; i < seen.size(); ++i)
    ASSERT_EQ(token_string(seen[i]), token_string(view.history()[i])) << "token " << i;
  EXPECT_EQ(replay.position(), view.position_in(world));
}

void play_random_games(const Rules& rules, int games, uint64_t seed) {
  const bool allies_visible = rules.four_allies_visible;
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    FourGame game(rules, random_deployments(rng));
    std::array<FourView, kSeats> views = {game.initial_view(0), game.initial_view(1), game.initial_view(2),
                                          game.initial_view(3)};
    std::array<bool, kSeats> marshal_dead{};
    std::vector<Move> moves;
    while (!game.status().over()) {
      MoveList list;
      generate(game.position(), list);
      ASSERT_GT(list.size, 0);
      for (int s = 0; s < kSeats; ++s) {
        const FourView& view = views[s];
        ASSERT_EQ(view.status().over(), false);
        ASSERT_EQ(view.board().side_to_move(), game.position().side_to_move());
        ASSERT_EQ(view.our_turn(), s == game.current_player());
        if (view.our_turn()) {  // default rules: the view's moves are exactly the legal ones
          MoveList mine;
          view.legal_moves(mine);
          ASSERT_EQ(std::vector<Move>(mine.begin(), mine.end()), std::vector<Move>(list.begin(), list.end()));
        }
      }
      const Move m = list[int(rng.below(uint64_t(list.size)))];
      moves.push_back(m);
      const Step step = game.apply(m);
      for (const auto& [piece, died] :
           {std::pair{step.attacker, step.outcome != Outcome::kAttackerWins},
            std::pair{step.defender, step.outcome != Outcome::kDefenderWins}})
        if (piece != kNoPiece && died && type_of(piece) == kMarshal) marshal_dead[seat_of(piece)] = true;
      for (int s = 0; s < kSeats; ++s)
        for (const Token& t : step.seen[s]) {
          ASSERT_EQ(parse_token(token_string(t)), t) << token_string(t);
          views[s].apply(t);
        }
      // The views' boards: every square as in truth, an identity only where the seat may know it.
      for (int s = 0; s < kSeats; ++s)
        for (int sq = 0; sq < Board::kSquares; ++sq) {
          const Piece truth = game.position().piece_on(Square(sq)), seen = views[s].board().piece_on(Square(sq));
          ASSERT_EQ(truth == kNoPiece, seen == kNoPiece) << square_name(Square(sq));
          if (truth == kNoPiece) continue;
          ASSERT_EQ(seat_of(seen), seat_of(truth));
          if (may_know(Seat(s), truth, allies_visible, marshal_dead)) continue;
          if (rules.engineer_scout && type_of(seen) != kUnknownType) continue;  // shown to the seat it killed
          ASSERT_EQ(type_of(seen), kUnknownType) << "seat " << s << " sees " << square_name(Square(sq));
        }
      // Sampled worlds, now and then: each replays to exactly what the seat saw.
      if (moves.size() % 61 == 0 || game.status().over())
        for (int s = 0; s < kSeats; ++s)
          for (int draw = 0; draw < 2; ++draw) {
            const auto world = views[s].sample_deployments(rng);
            expect_replays(views[s], world, moves);
            if (testing::Test::HasFatalFailure()) return;
          }
    }
    for (int s = 0; s < kSeats; ++s) {
      EXPECT_EQ(views[s].status().result, game.status().result);
      EXPECT_EQ(views[s].status().reason, game.status().reason);
      EXPECT_FALSE(views[s].our_turn());
    }
  }
}

TEST(FourGameView, RandomGamesDark) { play_random_games(four_rules(false), 40, 1); }
TEST(FourGameView, RandomGamesAlliesVisible) { play_random_games(four_rules(true), 30, 2); }
// Reveals to one seat only, and fights read under another mine rule.
TEST(FourGameView, RandomGamesHouseRules) {
  play_random_games(four_rules(false, {{"engineer_scout", "true"}, {"mine", "both-die"}}), 20, 3);
}

TEST(FourGameView, TokensReadBackAndBadTokensAreNamed) {
  for (const char* text : {"Sa6-Ca1", "Sa6xCa1>", "Wa2xWb2<", "Cb2xNc6=", "nF@Nb1", "eM@Cb2", "out:E:no-moves",
                           "out:S:flag", "out:W:no-movable-pieces"})
    EXPECT_EQ(token_string(parse_token(text)), text);
  for (const char* bad : {"out:X:flag", "out:E:resign", "F@Nb1", "nQ@Nb1", "nF@Zb1", "Sa6xCa1", "Sa6-Sa6"})
    EXPECT_THROW(parse_token(bad), Error) << bad;
}

TEST(FourGameView, ViewRefusesTokensThatCannotFollow) {
  Rng rng(5);
  const auto deployments = random_deployments(rng);
  FourGame game(four_rules(false), deployments);
  FourView view = game.initial_view(kEast);
  EXPECT_THROW(view.apply(parse_token("Ea5-Ea4")), Error);  // South moves first
  EXPECT_THROW(view.apply(parse_token("Sa3xSa2>")), Error);  // onto its own piece
  EXPECT_THROW(view.apply(parse_token("Sa6xCa1>")), Error);  // a fight on an empty square
  view.apply(parse_token("out:N:no-moves"));
  EXPECT_THROW(view.apply(parse_token("out:N:no-moves")), Error);  // out twice
}

TEST(FourGameView, GameRefusesBadDeploymentsAndKinds) {
  Rng rng(6);
  auto deployments = random_deployments(rng);
  EXPECT_THROW(FourGame(Rules{}, deployments), Error);  // not kind four
  deployments[kWest][0] = kNoType;
  try {
    FourGame game(four_rules(false), deployments);
    FAIL() << "an illegal deployment was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("seat W"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace junqi::engine::four
