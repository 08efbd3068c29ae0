// The bots in the flip game (翻棋): legal actions through whole games, budgets and the
// stop flag, flips as chance in the ISMCTS tree, the tree's one-ply priors and its UCB
// over them, and the greedy bot's one-ply choices in hand-built positions.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <map>

#include "engine/flip_game.h"
#include "engine/notation.h"
#include "search/bot_config.h"
#include "search/flip_action_values.h"
#include "search/flip_search.h"
#include "search/flip_tree.h"
#include "tests/support/error_text.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

Rules flip_rules(std::string_view key = {}, std::string_view value = {}) {
  Rules r;
  r.set("kind", "flip");
  if (!key.empty()) r.set(key, value);
  return r;
}

std::unique_ptr<search::Bot> bot(const std::string& name, const Rules& rules, int player) {
  auto b = search::make_bot(search::resolve_bot(name));
  b->new_game(Color(player), rules, 7 + uint64_t(player));
  return b;
}

bool legal_for(const FlipView& view, Move action) {
  MoveList legal;
  view.legal_moves(legal);
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

// A view of `player` after the given tokens (first-flip colours unless told otherwise).
FlipView view_after(int player, const std::vector<Token>& tokens, const Rules& rules = flip_rules("flip_colour", "first-flip")) {
  FlipView view(player, rules);
  for (const Token& t : tokens) view.apply(t);
  return view;
}

TEST(FlipBots, EveryBotPlaysLegalActionsThroughWholeGames) {
  for (const std::string name : {"random", "greedy", "pimc", "ismcts"}) {
    EXPECT_TRUE(search::make_bot(search::resolve_bot(name))->plays_flip()) << name;
    for (uint64_t seed = 1; seed <= 2; ++seed) {
      const Rules rules = seed == 1 ? flip_rules() : flip_rules("flip_colour", "first-flip");
      Rng rng(seed);
      FlipGame game(random_flip_layout(rng, rules));
      // The bot under test sits first in one game and second in the other, against random.
      const int seat = int(seed % 2);
      std::array<std::unique_ptr<search::Bot>, 2> bots;
      bots[size_t(seat)] = bot(name, rules, seat);
      bots[size_t(1 - seat)] = bot("random", rules, 1 - seat);
      std::array<FlipView, 2> views = {game.initial_view(0), game.initial_view(1)};
      search::Limits limits;
      limits.iterations = 150;
      int plies = 0;
      for (; !game.status().over() && plies < 600; ++plies) {
        const int p = game.current_player();
        const Move action = bots[size_t(p)]->choose_flip_action(views[size_t(p)], limits);
        ASSERT_TRUE(game.is_legal(action)) << name << " " << move_string(action) << " at ply " << plies;
        const Step step = game.apply(action);
        for (int v = 0; v < 2; ++v)
          for (const Token& t : step.seen[size_t(v)]) views[size_t(v)].apply(t);
      }
      EXPECT_GT(plies, 10) << name;
    }
  }
}

// The actions of a game between two bot configs, from a seeded layout (at most `plies`).
std::vector<Move> actions_of(const search::BotConfig& first, const search::BotConfig& second, uint64_t seed,
                             int plies) {
  const Rules rules = flip_rules();
  Rng rng(seed);
  FlipGame game(random_flip_layout(rng, rules));
  std::array<std::unique_ptr<search::Bot>, 2> bots = {search::make_bot(first), search::make_bot(second)};
  for (int p = 0; p < 2; ++p) bots[size_t(p)]->new_game(Color(p), rules, seed + uint64_t(p));
  std::array<FlipView, 2> views = {game.initial_view(0), game.initial_view(1)};
  search::Limits limits;
  limits.iterations = 60;
  std::vector<Move> actions;
  while (!game.status().over() && int(actions.size()) < plies) {
    const int p = game.current_player();
    actions.push_back(bots[size_t(p)]->choose_flip_action(views[size_t(p)], limits));
    const Step step = game.apply(actions.back());
    for (int v = 0; v < 2; ++v)
      for (const Token& t : step.seen[size_t(v)]) views[size_t(v)].apply(t);
  }
  return actions;
}

// A bot whose config names no flip weights plays with configs/weights/flip.toml (the
// hand-set weights the evaluation had built in): the same actions as a bot given those
// values in memory, as the tuners give theirs, and as one naming the file. Other
// weights play otherwise.
TEST(FlipBots, DefaultFlipWeightsAreTheShippedFile) {
  const search::BotConfig random = search::resolve_bot("random");
  for (const std::string name : {"greedy", "pimc", "ismcts"}) {
    const search::BotConfig plain = search::resolve_bot(name);
    EXPECT_EQ(plain.params.count("flip_weights"), 0u) << name;
    search::BotConfig in_memory = plain, named = plain, other = plain;
    in_memory.flip_weights = eval::find_flip_weights("flip");
    named.params["flip_weights"] = "flip";
    other.flip_weights = eval::FlipWeights{-in_memory.flip_weights->w};  // a bot that plays to lose
    for (uint64_t seed : {3, 4}) {
      const std::vector<Move> actions = actions_of(plain, random, seed, 80);
      EXPECT_EQ(actions_of(in_memory, random, seed, 80), actions) << name << " seed " << seed;
      EXPECT_EQ(actions_of(named, random, seed, 80), actions) << name << " seed " << seed;
    }
    EXPECT_NE(actions_of(other, random, 3, 80), actions_of(plain, random, 3, 80)) << name;
  }
}

TEST(FlipBots, UnknownFlipWeightsAreNamed) {
  search::BotConfig config = search::resolve_bot("pimc");
  config.params["flip_weights"] = "no_such_weights";
  EXPECT_PRED2(testing_support::contains, testing_support::error_of([&] { search::make_bot(config); }),
               "pimc.toml: flip_weights: weights 'no_such_weights' not found");
}

TEST(FlipBots, SearchesSpendTheIterationBudgetAndHonourTheStopFlag) {
  const Rules rules = flip_rules();
  const FlipView view = view_after(0, {}, rules);
  for (const std::string name : {"pimc", "ismcts"}) {
    auto b = bot(name, rules, 0);
    search::Limits limits;
    limits.iterations = 400;
    EXPECT_TRUE(legal_for(view, b->choose_flip_action(view, limits))) << name;
    // Exactly: ISMCTS counts iterations; PIMC spends whole rounds of one rollout per
    // action, and 400 is 8 rounds of the 50 flips of the start.
    EXPECT_EQ(b->last_info().iterations, 400) << name;

    // A stop already requested: an answer at once, from at most one round.
    std::atomic<bool> stop{true};
    limits.iterations = int64_t(1) << 40;
    limits.stop = &stop;
    const auto start = std::chrono::steady_clock::now();
    EXPECT_TRUE(legal_for(view, b->choose_flip_action(view, limits))) << name;
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2)) << name;
    EXPECT_LE(b->last_info().iterations, 50) << name;

    // Movetime alone bounds the search.
    search::Limits timed;
    timed.movetime_ms = 100;
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_TRUE(legal_for(view, b->choose_flip_action(view, timed))) << name;
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::milliseconds(1000)) << name;
    EXPECT_GT(b->last_info().iterations, 0) << name;
  }
}

// Every flip's outcomes in the tree are the pieces still face down, each followed about
// as often as its share of them: the identity a flip turns up is drawn, never known.
TEST(FlipTree, FlipsBranchOnTheRevealedPieceWithItsChance) {
  // One Red Landmine and a Blue Marshal turned up: 48 face down, of which Red has 2
  // Landmines left and Blue no Marshal.
  const FlipView view = view_after(0, {parse_token("a1^L"), parse_token("b1^m")});
  const eval::FlipWeights weights = eval::find_flip_weights("flip");
  search::IsmctsParams params;
  search::FlipTree tree(view.player());
  tree.bind({&view, &weights, &params}, 11);
  MoveList legal;
  view.legal_moves(legal);
  const std::vector<int> children = tree.root_children_for(legal);
  constexpr int kRounds = 960;
  for (int i = 0; i < kRounds; ++i) tree.iterate_round(children, 1000);

  const Move flip = make_flip(*parse_square("c3"));
  const auto it = std::find_if(children.begin(), children.end(), [&](int c) { return tree.node(c).move == flip; });
  ASSERT_NE(it, children.end());
  const search::FlipNode& node = tree.node(*it);
  EXPECT_EQ(node.visits, kRounds);
  std::map<Piece, int64_t> seen;
  int64_t total = 0;
  for (int c : node.children) {
    const search::FlipNode& outcome = tree.node(c);
    EXPECT_EQ(outcome.move, flip);
    EXPECT_TRUE(seen.emplace(outcome.revealed, outcome.visits).second) << "one child per piece";
    total += outcome.visits;
  }
  EXPECT_EQ(total, kRounds);
  EXPECT_EQ(seen.count(make_piece(kBlue, kMarshal)), 0u);  // none left face down
  // Each kind with count k of the 48: expected kRounds * k / 48 visits; allow 5 sd.
  for (Color c : {kRed, kBlue})
    for (int t = 0; t < kPieceTypes; ++t) {
      int k = kPieceCount[t] - (c == kRed && t == kMine) - (c == kBlue && t == kMarshal);
      const double p = k / 48.0, mean = kRounds * p, sd = std::sqrt(kRounds * p * (1 - p));
      const auto found = seen.find(make_piece(c, PieceType(t)));
      const double visits = found == seen.end() ? 0 : double(found->second);
      EXPECT_NEAR(visits, mean, 5 * sd + 1e-9) << int(c) << " " << t;
    }
}

TEST(FlipSearch, SameSeedSameSearchAndExactBudget) {
  const FlipView view = view_after(1, {parse_token("c6^T")});
  const eval::FlipWeights weights = eval::find_flip_weights("flip");
  search::IsmctsParams params;
  params.reuse_tree = false;
  search::FlipSearch a(params), b(params);
  const auto ra = a.run(view, weights, 700, 0, 5), rb = b.run(view, weights, 700, 0, 5);
  EXPECT_EQ(ra.iterations, 700);
  EXPECT_EQ(ra.best, rb.best);
  ASSERT_EQ(ra.root.size(), rb.root.size());
  for (size_t i = 0; i < ra.root.size(); ++i) EXPECT_EQ(ra.root[i].visits, rb.root[i].visits);
}

// Red's Regiment on c6 and Blue's Platoon on c7 face up, Red to act.
FlipView regiment_faces_platoon() { return view_after(0, {parse_token("c6^T"), parse_token("c7^p")}); }

// Every root action starts with its one-ply value as its prior, counted as prior_visits.
TEST(FlipTree, RootActionsStartFromTheirOnePlyValues) {
  const FlipView view = regiment_faces_platoon();
  const eval::FlipWeights weights = eval::find_flip_weights("flip");
  search::IsmctsParams params;
  search::FlipTree tree(view.player());
  tree.bind({&view, &weights, &params}, 3);
  MoveList legal;
  view.legal_moves(legal);
  Rng rng(9);
  const std::vector<double> values = search::one_ply_values(view.sample(rng), legal, view.player(), weights);
  const std::vector<int> children = tree.root_children_for(legal);
  for (int i = 0; i < legal.size; ++i) {
    const search::FlipNode& child = tree.node(children[size_t(i)]);
    EXPECT_EQ(child.prior, values[size_t(i)]);
    EXPECT_EQ(child.prior_visits, params.flip.prior_visits);
    EXPECT_EQ(child.visits, 0);
    EXPECT_DOUBLE_EQ(child.mean(), values[size_t(i)]);
  }
}

// Iteration by iteration, the root child followed is the one with the best
// mean + c * sqrt(ln(root visits) / (visits + prior visits)), the mean blending the prior
// (recomputed here from the nodes' statistics); the first is the action of best prior,
// and the first reply tried below an action is the reply of best prior.
TEST(FlipTree, SelectsByUcbOverPriorBlendedMeans) {
  const FlipView view = regiment_faces_platoon();
  const eval::FlipWeights weights = eval::find_flip_weights("flip");
  search::IsmctsParams params;
  params.flip.exploration = 0.4;  // large enough that exploring shows
  params.flip.prior_visits = 3;
  search::FlipTree tree(view.player());
  tree.bind({&view, &weights, &params}, 4);

  const auto best_prior = [&](const search::FlipNode& node) {
    double best = -1;
    for (int c : node.children) best = std::max(best, tree.node(c).prior);
    return best;
  };
  const auto visits_of = [&](const search::FlipNode& node) {
    std::vector<int64_t> v;
    for (int c : node.children) v.push_back(tree.node(c).visits);
    return v;
  };
  tree.iterate();
  ASSERT_FALSE(tree.root().children.empty());
  for (int c : tree.root().children) {
    if (tree.node(c).visits == 1) {
      EXPECT_EQ(tree.node(c).prior, best_prior(tree.root()));
    }
  }

  int explored = 0;  // iterations that followed a child of less than the best mean
  int checked = 0;   // nodes below the root seen with one reply tried
  for (int i = 0; i < 300; ++i) {
    const search::FlipNode& root = tree.root();
    const double log_n = std::log(double(root.visits));
    std::vector<double> score;
    double best = -1, best_mean = -1;
    for (int c : root.children) {
      const search::FlipNode& child = tree.node(c);
      const double n = double(child.visits + child.prior_visits);
      const double mean = child.reward / n;  // reward holds the prior's share too
      score.push_back(mean + params.flip.exploration * std::sqrt(log_n / n));
      best = std::max(best, score.back());
      best_mean = std::max(best_mean, mean);
    }
    const std::vector<int64_t> before = visits_of(root);
    tree.iterate();
    const std::vector<int64_t> after = visits_of(tree.root());
    int followed = -1;
    for (size_t k = 0; k < before.size(); ++k)
      if (after[k] != before[k]) followed = int(k);
    ASSERT_GE(followed, 0);
    EXPECT_NEAR(score[size_t(followed)], best, 1e-12) << "iteration " << i;
    explored += tree.node(tree.root().children[size_t(followed)]).mean() < best_mean - 1e-9;

    // Below the root, a node that has tried one reply so far tried one of best prior.
    for (size_t n = 1; n < tree.size(); ++n) {
      const search::FlipNode& node = tree.node(int(n));
      if (node.children.empty() || tree.node(node.children[0]).revealed != kNoPiece) continue;  // not replies
      int64_t tried = 0;
      for (int r : node.children) tried += tree.node(r).visits;
      if (tried != 1) continue;
      for (int r : node.children) {
        if (tree.node(r).visits == 1) {
          EXPECT_EQ(tree.node(r).prior, best_prior(node));
        }
      }
      ++checked;
    }
  }
  EXPECT_GT(explored, 0);
  EXPECT_GT(checked, 0);
}

// At a budget of a few visits per action the search plays as the priors say: it takes
// the free Platoon, as greedy does (FlipGreedy.TakesAFreeCapture).
TEST(FlipSearch, AtASmallBudgetFollowsThePriors) {
  const FlipView view = regiment_faces_platoon();
  const eval::FlipWeights weights = eval::find_flip_weights("flip");
  search::IsmctsParams params;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    search::FlipSearch search(params);
    EXPECT_EQ(move_string(search.run(view, weights, 100, 0, seed).best), "c6-c7") << seed;
  }
}

// Red's Regiment (c6) attacks Blue's Platoon (c7), which nothing defends: greedy takes it.
TEST(FlipGreedy, TakesAFreeCapture) {
  const FlipView view = regiment_faces_platoon();
  auto greedy = bot("greedy", view.rules(), 0);
  EXPECT_EQ(move_string(greedy->choose_flip_action(view, {})), "c6-c7");
}

// Red's Regiment took the Platoon on c7; Blue turned up its Field Marshal on d7, which
// attacks c7. The Regiment escapes by stepping back to c6 (the Marshal's run along rank 7
// cannot turn there) or into the empty camps b8 or d8 (a piece in a camp cannot be
// attacked); a flip or the attack on the Marshal loses it.
TEST(FlipGreedy, SavesAHangingPiece) {
  const FlipView view = view_after(0, {parse_token("c6^T"), parse_token("c7^p"),
                                       Token::of_move(make_move(*parse_square("c6"), *parse_square("c7")),
                                                      Outcome::kAttackerWins),
                                       parse_token("d7^m")});
  auto greedy = bot("greedy", view.rules(), 0);
  const std::string chosen = move_string(greedy->choose_flip_action(view, {}));
  EXPECT_TRUE(chosen == "c7-c6" || chosen == "c7-b8" || chosen == "c7-d8") << chosen;
}

}  // namespace
