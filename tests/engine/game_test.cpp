// The engine's Game object: what each step shows each player, checked against the true
// position over random games under every reveal option (RULES.md §5, §7, §9).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/game.h"
#include "engine/random.h"

namespace {

using namespace junqi::engine;

struct RevealRules {
  const char* name;
  GameKind kind;
  bool marshal_reveals_flag;
  bool engineer_scout;
};

class GameObservations : public ::testing::TestWithParam<RevealRules> {};

// After every step: both players see the move first, with the outcome the true position
// produced; every reveal names the piece that truly stands on its square; a reveal comes
// only from a cause the options allow (a Field Marshal died this step: its side's flag,
// to both; an Engineer died attacking: the defender, to the attacker's side only); and
// each view's board equals the truth wherever the view claims to know a piece.
TEST_P(GameObservations, AreTruthfulAndOnlyWhatTheOptionsAllow) {
  const RevealRules& p = GetParam();
  Rules rules;
  rules.kind = p.kind;
  rules.marshal_death_reveals_flag = p.marshal_reveals_flag;
  rules.engineer_scout = p.engineer_scout;
  int flag_reveals = 0, scout_reveals = 0;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    Rng rng(seed);
    Game game(rules, {random_deployment(rng), random_deployment(rng)});
    std::array<View, kColors> views = {game.initial_view(0), game.initial_view(1)};
    while (!game.status().over()) {
      MoveList list;
      generate(game.position(), list);
      const Move m = list[int(rng.below(uint64_t(list.size)))];
      const Position before = game.position();
      const Step step = game.apply(m);
      const Position& after = game.position();
      EXPECT_EQ(step.attacker, step.outcome == Outcome::kQuiet ? kNoPiece : before.piece_on(from_sq(m)));
      EXPECT_EQ(step.defender, step.outcome == Outcome::kQuiet ? kNoPiece : before.piece_on(to_sq(m)));
      for (int player = 0; player < Game::num_players(); ++player) {
        const Observation& seen = step.seen[player];
        ASSERT_FALSE(seen.empty());
        EXPECT_EQ(seen[0], Token::of_move(m, step.outcome));
        for (size_t i = 1; i < seen.size(); ++i) {
          const Token& t = seen[i];
          ASSERT_EQ(t.kind, Token::Kind::kReveal);
          EXPECT_EQ(after.piece_on(t.square), t.piece);
          const bool marshal_died = before.pieces(color_of(t.piece), kMarshal) && !after.pieces(color_of(t.piece), kMarshal);
          const bool scouted = step.outcome == Outcome::kDefenderWins && type_of(step.attacker) == kEngineer &&
                               t.square == to_sq(m) && color_of(step.attacker) == Color(player);
          if (type_of(t.piece) == kFlag && marshal_died) {
            EXPECT_TRUE(p.marshal_reveals_flag);
            flag_reveals += player == 0;
          } else {
            EXPECT_TRUE(p.engineer_scout && scouted) << token_string(t);
            ++scout_reveals;
          }
        }
        for (const Token& t : seen) views[player].apply(t);
        for (int s = 0; s < TwoPlayerBoard::kSquares; ++s) {
          const Piece known = views[player].board().piece_on(Square(s));
          if (known == kNoPiece || type_of(known) == kUnknownType) {
            EXPECT_EQ(known == kNoPiece, after.piece_on(Square(s)) == kNoPiece);
          } else {
            EXPECT_EQ(known, after.piece_on(Square(s)));
          }
        }
      }
      // Both players learn the same flags: a flag reveal is public.
      auto flags = [](const Observation& o) {
        return std::count_if(o.begin(), o.end(), [](const Token& t) {
          return t.kind == Token::Kind::kReveal && type_of(t.piece) == kFlag;
        });
      };
      EXPECT_EQ(flags(step.seen[0]), flags(step.seen[1]));
      // Every death of a Field Marshal whose side still has its flag shows that flag.
      for (Color c : {kRed, kBlue}) {
        if (p.marshal_reveals_flag && before.pieces(c, kMarshal) && !after.pieces(c, kMarshal) && after.has_flag(c)) {
          const Token flag = Token::of_reveal(make_piece(c, kFlag), lsb(after.pieces(c, kFlag)));
          EXPECT_EQ(std::count(step.seen[0].begin(), step.seen[0].end(), flag), 1);
        }
      }
    }
  }
  // The random games must have exercised the options they test.
  EXPECT_EQ(flag_reveals > 0, p.marshal_reveals_flag);
  EXPECT_EQ(scout_reveals > 0, p.engineer_scout);
}

INSTANTIATE_TEST_SUITE_P(Options, GameObservations,
                         ::testing::Values(RevealRules{"dark", GameKind::kDark, true, false},
                                           RevealRules{"dark_no_reveals", GameKind::kDark, false, false},
                                           RevealRules{"dark_scout", GameKind::kDark, true, true},
                                           RevealRules{"open", GameKind::kOpen, true, false}),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

TEST(Game, DarkInitialViewHidesEveryEnemyPiece) {
  Rng rng(7);
  const Game game({}, {random_deployment(rng), random_deployment(rng)});
  for (int player = 0; player < Game::num_players(); ++player) {
    const View view = game.initial_view(player);
    EXPECT_TRUE(view.history().empty());
    EXPECT_EQ(view.board().pieces(~Color(player)), view.board().pieces(kUnknownType));
    EXPECT_EQ(view.board().pieces(Color(player)), game.position().pieces(Color(player)));
  }
}

TEST(Game, OpenInitialViewShowsEveryEnemyPiece) {
  Rng rng(8);
  Rules rules;
  rules.kind = GameKind::kOpen;
  const Game game(rules, {random_deployment(rng), random_deployment(rng)});
  for (int player = 0; player < Game::num_players(); ++player) {
    const View view = game.initial_view(player);
    EXPECT_EQ(view.history().size(), size_t(kPiecesPerSide));
    for (int s = 0; s < TwoPlayerBoard::kSquares; ++s)
      EXPECT_EQ(view.board().piece_on(Square(s)), game.position().piece_on(Square(s)));
  }
}

}  // namespace
