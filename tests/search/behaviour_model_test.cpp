// Belief from behaviour: the classes, the belief's move and fight counts, the sampler's
// product of prior and behaviour weights, the fit recovering a model it was not told, the
// model file, the bot parameter and the command that fits a model to records.
#include "search/behaviour_model.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "engine/deployment.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "runner/game/record.h"
#include "runner/game/replay.h"
#include "search/bot_config.h"
#include "search/sampler.h"
#include "tests/support/error_text.h"
#include "tests/support/junqi_command.h"
#include "tests/support/random_game_views.h"

namespace {

using namespace junqi;
using namespace junqi::engine;
using search::BehaviourModel;
using search::TrackedPiece;
using testing_support::error_of;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string temp_file(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("junqi_behaviour_test_" + name);
  std::ofstream(path) << text;
  return path.string();
}

TEST(BehaviourModel, ClassesByMovesAndFights) {
  const auto name = [](int moves, int attacks) {
    TrackedPiece p;
    p.moves = int16_t(moves);
    p.attacks = int16_t(attacks);
    return search::behaviour_class_name(search::behaviour_class(p));
  };
  EXPECT_EQ(name(0, 0), "still");
  EXPECT_EQ(name(1, 0), "few_moves_no_fight");
  EXPECT_EQ(name(2, 1), "few_moves_one_fight");
  EXPECT_EQ(name(2, 2), "few_moves_fights");
  EXPECT_EQ(name(3, 0), "some_moves_no_fight");
  EXPECT_EQ(name(6, 5), "some_moves_fights");
  EXPECT_EQ(name(7, 0), "many_moves_no_fight");
  EXPECT_EQ(name(40, 1), "many_moves_one_fight");
  EXPECT_EQ(name(40, 2), "many_moves_fights");
  std::set<std::string> names;
  for (int c = 0; c < search::kBehaviourClasses; ++c) names.insert(search::behaviour_class_name(c));
  EXPECT_EQ(names.size(), size_t(search::kBehaviourClasses));
}

// Random games: the belief's counts of each Blue piece's moves and fights against a
// count kept here from the referee's steps, the piece followed by its starting square.
TEST(BehaviourModel, BeliefCountsEveryPiecesMovesAndFights) {
  int checked = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    Rng rng(seed);
    const Deployment red = random_deployment(rng), blue = random_deployment(rng);
    Game game(Rules{}, {red, blue});
    View view = game.initial_view(kRed);
    std::map<Square, Square> origin;  // a Blue piece's square -> its starting square
    std::map<Square, std::pair<int, int>> counted;  // starting square -> moves, fights
    for (int slot = 0; slot < kDeploymentSlots; ++slot)
      if (!is_camp_slot(slot)) origin[deployment_square(kBlue, slot)] = deployment_square(kBlue, slot);
    while (!game.status().over()) {
      MoveList list;
      generate(game.position(), list);
      const Move m = list[int(rng.below(uint64_t(list.size)))];
      const bool blue_moves = game.position().side_to_move() == kBlue;
      const Step step = game.apply(m);
      for (const Token& t : step.seen[kRed]) view.apply(t);
      const Square from = from_sq(m), to = to_sq(m);
      if (blue_moves) {
        const Square start = origin.at(from);
        ++counted[start].first;
        if (step.outcome != Outcome::kQuiet) ++counted[start].second;
        origin.erase(from);
        if (step.outcome == Outcome::kQuiet || step.outcome == Outcome::kAttackerWins) origin[to] = start;
      } else if (step.outcome != Outcome::kQuiet && step.outcome != Outcome::kDefenderWins) {
        origin.erase(to);  // Red took or traded the Blue piece on `to`
      }
    }
    const search::Belief belief(view);
    for (const TrackedPiece& p : belief.pieces()) {
      EXPECT_EQ(p.moves, counted[p.start].first) << "seed " << seed << " piece from " << int(p.start);
      EXPECT_EQ(p.attacks, counted[p.start].second) << "seed " << seed << " piece from " << int(p.start);
      checked += p.moves > 0;
    }
  }
  EXPECT_GT(checked, 20);
}

// The sampler draws from prior(slot, type) × behaviour(class, type): with the same seed it
// draws exactly what a sampler given that product piece by piece draws; the neutral model
// draws what the prior alone does.
TEST(BehaviourModel, SamplerWeighsPriorTimesBehaviour) {
  BehaviourModel model = BehaviourModel::neutral();
  for (int c = 0; c < search::kBehaviourClasses; ++c)
    for (int t = 0; t < kPieceTypes; ++t) model.weight[size_t(c)][size_t(t)] = 0.1 + 0.07 * ((3 * c + 5 * t) % 13);
  search::DeploymentPrior prior = search::DeploymentPrior::uniform();
  for (int slot = 0; slot < kDeploymentSlots; ++slot)
    for (int t = 0; t < kPieceTypes; ++t) prior.weight[size_t(slot)][size_t(t)] = 1.0 + (slot * t) % 4;
  int views = 0;
  testing_support::for_each_random_game_view(2, 60, [&](const Position&, const View& view, const Deployment&, Rng&) {
    const search::Belief belief(view);
    std::array<search::TypeWeights, search::Belief::kPieces> product{}, prior_only{};
    for (int id = 0; id < search::Belief::kPieces; ++id) {
      const TrackedPiece& p = belief.pieces()[size_t(id)];
      const int slot = deployment_slot(kBlue, p.start);
      for (int t = 0; t < kPieceTypes; ++t) {
        const bool possible = p.possible & search::type_bit(PieceType(t));
        prior_only[size_t(id)][size_t(t)] = possible ? prior.weight[size_t(slot)][size_t(t)] : 0.0;
        product[size_t(id)][size_t(t)] =
            prior_only[size_t(id)][size_t(t)] * model.weight[size_t(search::behaviour_class(p))][size_t(t)];
      }
    }
    const auto same_draws = [](const search::Sampler& a, const search::Sampler& b) {
      Rng ra(7), rb(7);
      std::array<PieceType, search::Belief::kPieces> ta{}, tb{};
      for (int i = 0; i < 50; ++i) {
        a.sample(ra, ta);
        b.sample(rb, tb);
        if (ta != tb) return false;
      }
      return true;
    };
    EXPECT_TRUE(same_draws(search::Sampler(belief, prior, model), search::Sampler(product)));
    EXPECT_TRUE(same_draws(search::Sampler(belief, prior), search::Sampler(prior_only)));
    ++views;
  });
  EXPECT_GT(views, 2);
}

// Observations drawn from a planted model (true types drawn in proportion to prior ×
// planted weights over each piece's possible types): the fit finds the planted weights
// again, up to the scale of each class, and explains the draws better than no model.
TEST(BehaviourModel, FitRecoversAPlantedModel) {
  BehaviourModel planted;
  for (int c = 0; c < search::kBehaviourClasses; ++c)
    for (int t = 0; t < kPieceTypes; ++t) planted.weight[size_t(c)][size_t(t)] = 0.2 + 0.8 * ((7 * c + 3 * t) % 5) / 4.0;
  const search::DeploymentPrior prior = search::DeploymentPrior::uniform();
  const search::TypeMask masks[] = {search::kAllTypes, 0x0ff, 0x3f0, 0xf0f};
  search::BehaviourFit fit;
  Rng rng(11);
  for (int i = 0; i < 400000; ++i) {
    const int slot = int(rng.below(5)), c = int(rng.below(search::kBehaviourClasses));
    const search::TypeMask mask = masks[rng.below(4)];
    double total = 0;
    for (int t = 0; t < kPieceTypes; ++t)
      if (mask & search::type_bit(PieceType(t))) total += planted.weight[size_t(c)][size_t(t)];
    double r = double(rng.next() >> 11) * 0x1.0p-53 * total;
    int truth = -1;
    for (int t = 0; t < kPieceTypes; ++t) {
      if (!(mask & search::type_bit(PieceType(t)))) continue;
      truth = t;
      if (r < planted.weight[size_t(c)][size_t(t)]) break;
      r -= planted.weight[size_t(c)][size_t(t)];
    }
    fit.add(slot, mask, c, PieceType(truth));
  }
  EXPECT_EQ(fit.observations(), 400000);
  const BehaviourModel model = fit.fit(prior, 200);
  for (int c = 0; c < search::kBehaviourClasses; ++c) {
    const auto& w = planted.weight[size_t(c)];
    const double top = *std::max_element(w.begin(), w.end());
    for (int t = 0; t < kPieceTypes; ++t)
      EXPECT_NEAR(model.weight[size_t(c)][size_t(t)], w[size_t(t)] / top, 0.06) << "class " << c << " type " << t;
  }
  EXPECT_LT(fit.log_loss(prior, model), fit.log_loss(prior, BehaviourModel::neutral()) - 0.02);
  EXPECT_TRUE(contains(error_of([&] { fit.add(0, 0x0ff, 0, kFlag); }), "rules out"));
}

TEST(BehaviourModel, FileReadsBackAndBadFilesSayWhere) {
  BehaviourModel m = BehaviourModel::neutral();
  m.weight[3][kMarshal] = 0.123456789012345;
  m.weight[9][kPlatoon] = 1e-6;
  const std::string text = search::behaviour_toml(m, "a test model\nsecond line");
  EXPECT_EQ(search::load_behaviour(temp_file("roundtrip.toml", text)), m);
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string t = text;
    t.replace(t.find(from), from.size(), to);
    return t;
  };
  EXPECT_PRED2(contains, error_of([&] { search::load_behaviour(temp_file("zero.toml", replaced("marshal = 1\n", "marshal = 0\n"))); }),
               "still.marshal: must be > 0");
  EXPECT_PRED2(contains, error_of([&] { search::load_behaviour(temp_file("class.toml", replaced("[still]", "[sleepy]"))); }),
               "sleepy: not a behaviour class");
  EXPECT_PRED2(contains,
               error_of([&] { search::load_behaviour(temp_file("missing.toml", text.substr(0, text.find("[many_moves_fights]")))); }),
               "missing class [many_moves_fights]");
  EXPECT_EQ(search::find_behaviour("none"), BehaviourModel::neutral());
  EXPECT_PRED2(contains, error_of([] { search::find_behaviour("no_such_model"); }),
               "behaviour model 'no_such_model' not found (looked for configs/behaviour/no_such_model.toml)");
  EXPECT_NO_THROW(search::find_behaviour("ismcts"));  // the shipped model loads
}

TEST(BehaviourModel, SamplingBotsTakeABehaviourParameter) {
  for (const char* kind : {"greedy", "pimc", "ismcts"}) {
    search::BotConfig config{"b", kind, {{"behaviour", "ismcts"}}, "b.toml", std::nullopt};
    EXPECT_NE(search::make_bot(config), nullptr) << kind;
    config.params["behaviour"] = "no_such_model";
    EXPECT_PRED2(contains, error_of([&] { search::make_bot(config); }), "b.toml: behaviour: behaviour model 'no_such_model'");
  }
}

// replay_views hands over, before every move, the view of the player about to move
// (as many moves in its history as plies played) and the enemy's deployment; `junqi
// prior behaviour` fits a model to such views that reads back and explains the true
// types at least as well as none.
TEST(BehaviourModel, FittedFromRecordsByTheCommand) {
  const std::string records = testing::TempDir() + "behaviour_records.jsonl", out = testing::TempDir() + "behaviour.toml";
  std::remove(records.c_str());
  ASSERT_EQ(testing_support::run_junqi("match --red greedy --blue random --games 2 --out " + records).status, 0);
  const auto games = runner::read_records(records);
  ASSERT_EQ(games.size(), 2u);
  for (const runner::GameRecord& r : games) {
    size_t turns = 0;
    runner::replay_views(r, [&](const View& view, const Deployment& enemy) {
      EXPECT_EQ(int(view.side()), int(turns % 2));
      size_t moves = 0;
      for (const Token& t : view.history()) moves += t.kind == Token::Kind::kMove;
      EXPECT_EQ(moves, turns);
      const std::string& text = turns % 2 ? r.red_deployment : r.blue_deployment;
      EXPECT_EQ(enemy, parse_legal_deployment(text, turns % 2 ? kRed : kBlue));
      ++turns;
    });
    EXPECT_EQ(turns, r.moves.size());
  }
  const auto result = testing_support::run_junqi("prior behaviour " + records + " --out " + out);
  ASSERT_EQ(result.status, 0) << result.out;
  EXPECT_PRED2(contains, result.out, "of 2 games; wrote " + out);
  EXPECT_NO_THROW(search::load_behaviour(out));
  const auto bad = testing_support::run_junqi("prior behaviour /no/such/records.jsonl --out " + out);
  EXPECT_EQ(bad.status, 1);
}

}  // namespace
