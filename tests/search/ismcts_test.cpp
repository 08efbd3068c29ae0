// ISMCTS and the bots built on it: budgets, determinism, threads, an obvious win, and
// bot configs.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <set>

#include "engine/error.h"
#include "engine/notation.h"
#include "engine/playout.h"
#include "search/bot_config.h"
#include "search/ismcts.h"
#include "search/ismcts_tree.h"
#include "tests/support/error_text.h"

namespace {

using namespace junqi;
using namespace junqi::engine;

struct Searched {
  View view;
  search::Belief belief;
  search::Sampler sampler;
  explicit Searched(View v)
      : view(std::move(v)), belief(view), sampler(belief, search::DeploymentPrior::uniform()) {}
  search::SearchResult run(int threads, int64_t iterations, uint64_t seed) const {
    search::IsmctsParams params;
    params.threads = threads;
    return search::ismcts_search(view, sampler, belief, eval::find_weights("default"), params, iterations, 0, seed);
  }
};

View red_view(uint64_t seed, int plies) {
  Rng rng(seed);
  return random_view(rng, plies, kRed);
}

TEST(Ismcts, SpendsExactlyTheIterationBudgetAndPlaysALegalMove) {
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const Searched s(red_view(seed, 40));
    ASSERT_TRUE(s.view.our_turn());
    for (int threads : {1, 2}) {
      const auto r = s.run(threads, 600, 9);
      EXPECT_EQ(r.iterations, 600);
      MoveList legal;
      s.view.legal_moves(legal);
      EXPECT_NE(std::find(legal.begin(), legal.end(), r.best), legal.end());
      // An iteration passes at most one root child (none when a disguised world of the
      // enemy's perspective leaves none of our grown moves possible).
      int64_t visits = 0;
      for (const auto& child : r.root) visits += child.visits;
      EXPECT_LE(visits, 600);
    }
  }
}

TEST(Ismcts, SameSeedSameSearch) {
  const Searched s(red_view(3, 60));
  const auto a = s.run(1, 500, 42), b = s.run(1, 500, 42);
  EXPECT_EQ(a.best, b.best);
  ASSERT_EQ(a.root.size(), b.root.size());
  for (size_t i = 0; i < a.root.size(); ++i) EXPECT_EQ(a.root[i].visits, b.root[i].visits);
}

// Random games until Red, to move, can take Blue's flag, revealed when Blue's Field
// Marshal died: the search must take it (it wins at once in every determinization).
// The most visited child of a node.
int most_visited(const search::IsmctsTree& tree, int node) {
  int best = -1;
  for (int c : tree.node(node).children)
    if (best < 0 || tree.node(c).visits > tree.node(best).visits) best = c;
  return best;
}

int64_t subtree_size(const search::IsmctsTree& tree, int node) {
  int64_t n = 1;
  for (int c : tree.node(node).children) n += subtree_size(tree, c);
  return n;
}

TEST(LegalMoves, MatchTheMoveGenerator) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    const Position pos = random_position(rng, 50);
    MoveList list;
    generate(pos, list);
    const std::set<Move> all(list.begin(), list.end());
    search::LegalMoves legal;
    legal.fill(pos);
    ASSERT_EQ(legal.size(), int(all.size()));
    std::set<Move> listed;
    for (int k = 0; k < legal.size(); ++k) listed.insert(legal.nth(k));
    EXPECT_EQ(listed, all);
    MoveList untried;
    legal.list(untried);
    EXPECT_EQ(std::set<Move>(untried.begin(), untried.end()), all);
    EXPECT_EQ(untried.size, legal.size());
    // Taking a move removes it from what is left, once.
    if (!list.size) continue;
    EXPECT_TRUE(legal.take(list[0]));
    EXPECT_FALSE(legal.take(list[0]));
    EXPECT_EQ(legal.size(), int(all.size()) - 1);
    legal.list(untried);
    std::set<Move> rest = all;
    rest.erase(list[0]);
    EXPECT_EQ(std::set<Move>(untried.begin(), untried.end()), rest);
    // to_any finds a move left onto the targets while one is left.
    const Bitboard64 target = square_bb(to_sq(list[0]));
    EXPECT_EQ(legal.to_any(0), kNullMove);
    const bool another = std::any_of(list.begin(), list.end(),
                                     [&](Move m) { return m != list[0] && to_sq(m) == to_sq(list[0]); });
    const Move left = legal.to_any(target);
    EXPECT_EQ(left != kNullMove, another);
    if (left != kNullMove) {
      EXPECT_EQ(to_sq(left), to_sq(list[0]));
    }
    for (const Move m : list)
      if (to_sq(m) == to_sq(list[0])) legal.take(m);
    EXPECT_EQ(legal.to_any(target), kNullMove);
  }
}

TEST(IsmctsTree, AdvanceKeepsExactlyTheSubtreeOfTheMovesPlayed) {
  const Searched s(red_view(5, 40));
  const eval::Weights weights = eval::find_weights("default");
  const search::IsmctsParams params;
  search::IsmctsTree tree(kRed);
  tree.bind({&s.view, &s.sampler, &s.belief, &weights, &params}, 3);
  MoveList root_moves;
  s.view.legal_moves(root_moves);
  const std::vector<int> children = tree.root_children_for(root_moves);
  EXPECT_EQ(children.size(), size_t(root_moves.size));
  EXPECT_EQ(tree.root_children_for(root_moves), children);  // found again, not grown twice
  for (int i = 0; i < 300; ++i) tree.iterate_round(children, 1000);

  const int ours = most_visited(tree, 0), theirs = most_visited(tree, ours);
  ASSERT_GE(theirs, 0);
  const search::IsmctsNode kept = tree.node(theirs);
  const int64_t size = subtree_size(tree, theirs);
  ASSERT_GT(kept.visits, 0);
  // The outcomes do not matter for finding the line: nodes are keyed by moves alone.
  const std::vector<Token> line = {Token::of_move(tree.node(ours).move, Outcome::kQuiet),
                                   Token::of_reveal(make_piece(kBlue, kFlag), Square(0)),
                                   Token::of_move(kept.move, Outcome::kQuiet)};
  const std::vector<Token> absent = {Token::of_move(make_move(Square(0), Square(0)), Outcome::kQuiet)};
  EXPECT_FALSE(tree.advance(absent));
  EXPECT_EQ(tree.size(), size_t(subtree_size(tree, 0)));  // untouched
  ASSERT_TRUE(tree.advance(line));
  EXPECT_EQ(tree.size(), size_t(size));
  EXPECT_EQ(tree.root().visits, kept.visits);
  EXPECT_EQ(tree.root().reward, kept.reward);
  ASSERT_EQ(tree.root().children.size(), kept.children.size());
  EXPECT_EQ(subtree_size(tree, 0), size);
}

TEST(IsmctsSearch, ReusesOnlyAHistoryThatExtendsTheLastOne) {
  const Searched a(red_view(6, 40)), b(red_view(7, 40));
  const eval::Weights weights = eval::find_weights("default");
  search::IsmctsSearch search{search::IsmctsParams{}};
  EXPECT_EQ(search.run(a.view, a.sampler, a.belief, weights, 400, 0, 1).reused_visits, 0);
  // Another game's history does not extend this one: a fresh tree, exactly the budget.
  const auto other = search.run(b.view, b.sampler, b.belief, weights, 400, 0, 1);
  EXPECT_EQ(other.reused_visits, 0);
  EXPECT_EQ(other.iterations, 400);
  // The same history again: the whole tree is kept, and the budget is on top of it.
  const auto again = search.run(b.view, b.sampler, b.belief, weights, 400, 0, 2);
  EXPECT_EQ(again.reused_visits, 400);
  EXPECT_EQ(again.iterations, 400);
  search.clear();
  EXPECT_EQ(search.run(b.view, b.sampler, b.belief, weights, 400, 0, 1).reused_visits, 0);
}

// Red's views, from seeded random games, with Red to move, at least two legal moves and one
// that takes Blue's revealed Flag: up to `count` of them, one a seed.
std::vector<View> views_with_the_flag_in_reach(int count) {
  std::vector<View> found;
  for (uint64_t seed = 1; seed <= 3000 && int(found.size()) < count; ++seed) {
    for (int plies = 60; plies <= 300; plies += 30) {
      View view = red_view(seed, plies);
      if (!view.our_turn()) continue;
      const Bitboard64 flag = view.board().pieces(kBlue, kFlag);
      if (!flag) continue;
      MoveList legal;
      view.legal_moves(legal);
      const bool can_take = std::any_of(legal.begin(), legal.end(), [&](Move m) { return to_sq(m) == lsb(flag); });
      if (!can_take || legal.size < 2) continue;
      found.push_back(std::move(view));
      break;
    }
  }
  return found;
}

Square blue_flag(const View& view) { return lsb(view.board().pieces(kBlue, kFlag)); }

TEST(Ismcts, TakesARevealedFlag) {
  const std::vector<View> views = views_with_the_flag_in_reach(3);
  ASSERT_FALSE(views.empty());
  for (const View& view : views) {
    const Searched s(view);
    EXPECT_EQ(to_sq(s.run(1, 2000, 1).best), blue_flag(view)) << to_jfen(s.view.board());
  }
}

// With the rollouts' take_flag, the root's first expansion is the capture of a revealed
// Flag in reach (without paired_root the root grows one child an iteration), with or
// without progressive widening; without it, another move, so over a few seeds some other
// move comes first.
TEST(IsmctsTree, AFlagInReachIsExpandedFirst) {
  const std::vector<View> views = views_with_the_flag_in_reach(3);
  ASSERT_FALSE(views.empty());
  const eval::Weights weights = eval::find_weights("default");
  for (const View& view : views) {
    const Searched s(view);
    search::IsmctsParams params;
    params.paired_root = false;
    params.enemy_share = 0;  // every iteration ours: only those expand our moves
    int other_first = 0;
    for (const double widening : {0.0, 2.0}) {
      for (const bool take_flag : {true, false}) {
        for (uint64_t tree_seed = 1; tree_seed <= 8; ++tree_seed) {
          params.widening = widening;
          params.rollout.take_flag = take_flag;
          search::IsmctsTree tree(kRed);
          tree.bind({&s.view, &s.sampler, &s.belief, &weights, &params}, tree_seed);
          tree.iterate();
          ASSERT_EQ(tree.root().children.size(), 1u);
          const bool capture = to_sq(tree.node(tree.root().children[0]).move) == blue_flag(view);
          if (take_flag) {
            EXPECT_TRUE(capture) << to_jfen(s.view.board());
          } else {
            other_first += !capture;
          }
        }
      }
    }
    EXPECT_GT(other_first, 0);
  }
}

// Progressive widening: a node grows a child only while fewer than widening·√visits of
// its children are possible. At the root without paired_root and with every iteration
// ours, all its children are possible in every world (our moves do not depend on the
// enemy's types), so its child count follows the rule exactly: counted here iteration by
// iteration from the rule alone. Without widening every iteration grows a child.
TEST(IsmctsTree, WideningGrowsChildrenWithTheSquareRootOfVisits) {
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    const Searched s(red_view(seed, 40));
    const eval::Weights weights = eval::find_weights("default");
    MoveList legal;
    s.view.legal_moves(legal);
    ASSERT_GT(legal.size, 20);
    search::IsmctsParams params;
    params.paired_root = false;
    params.enemy_share = 0;
    for (const double widening : {0.0, 1.0, 2.0}) {
      params.widening = widening;
      search::IsmctsTree tree(kRed);
      tree.bind({&s.view, &s.sampler, &s.belief, &weights, &params}, seed);
      int expected = 0;
      for (int k = 0; k < 400; ++k) {
        tree.iterate();
        const bool grows = expected == 0 || widening == 0 || expected < widening * std::sqrt(double(k + 1));
        if (grows && expected < legal.size) ++expected;
        ASSERT_EQ(int(tree.root().children.size()), expected) << "widening " << widening << " iteration " << k;
      }
      if (widening == 1.0) {
        EXPECT_LT(expected, legal.size);  // the rule held the root back: at most √400 of them
      }
    }
  }
}

// A child none of whose visits were its own mover's scores its parent's value for that
// mover with parent_fpu (the parent's mover is the other side), else an even 0.5; a child
// with valued visits scores its own mean either way.
TEST(IsmctsNode, FirstPlayValueIsTheParentsValueForTheOtherSide) {
  search::IsmctsNode parent;
  parent.valued = 4;
  parent.reward = 3.0;  // 0.75 for the parent's mover, so 0.25 for its children's
  EXPECT_DOUBLE_EQ(parent.first_play_value(true), 0.25);
  EXPECT_DOUBLE_EQ(parent.first_play_value(false), 0.5);
  search::IsmctsNode fresh;
  EXPECT_DOUBLE_EQ(fresh.first_play_value(true), 0.5);
  search::IsmctsNode child;
  EXPECT_DOUBLE_EQ(child.mean_or(parent.first_play_value(true)), 0.25);
  child.valued = 2;
  child.reward = 1.8;
  EXPECT_DOUBLE_EQ(child.mean_or(parent.first_play_value(true)), 0.9);
}

// Searches s twice with the same seed (1500 iterations): expects the same root visits and
// a legal best move. Returns the first search.
search::SearchResult repeatable_legal_search(const Searched& s, const search::IsmctsParams& params) {
  const eval::Weights weights = eval::find_weights("default");
  const auto a = search::ismcts_search(s.view, s.sampler, s.belief, weights, params, 1500, 0, 4);
  const auto b = search::ismcts_search(s.view, s.sampler, s.belief, weights, params, 1500, 0, 4);
  EXPECT_EQ(a.best, b.best);
  EXPECT_EQ(a.root.size(), b.root.size());
  for (size_t k = 0; k < std::min(a.root.size(), b.root.size()); ++k) EXPECT_EQ(a.root[k].visits, b.root[k].visits);
  MoveList legal;
  s.view.legal_moves(legal);
  EXPECT_NE(std::find(legal.begin(), legal.end(), a.best), legal.end());
  return a;
}

// The search with parent_fpu plays a legal move and repeats itself with the same seed,
// and the setting reaches the tree: the same seed without it spreads the root's visits
// otherwise.
TEST(Ismcts, ParentFirstPlayValueSearchIsLegalAndRepeatable) {
  const Searched s(red_view(5, 50));
  search::IsmctsParams params;
  params.parent_fpu = true;
  params.widening = 2;
  const eval::Weights weights = eval::find_weights("default");
  const auto a = repeatable_legal_search(s, params);
  params.parent_fpu = false;
  const auto c = search::ismcts_search(s.view, s.sampler, s.belief, weights, params, 1500, 0, 4);
  bool differs = a.root.size() != c.root.size();
  for (size_t k = 0; !differs && k < a.root.size(); ++k) differs = a.root[k].mean != c.root[k].mean;
  EXPECT_TRUE(differs);
}

// A tree grown from one of Red's views, with or without outcome_nodes (the shipped
// widening, 300 paired rounds). What it is bound to outlives it: the tests only read the
// tree and re-root it, which reads no settings.
search::IsmctsTree grown_tree(const Searched& s, bool outcome_nodes) {
  static const eval::Weights weights = eval::find_weights("default");
  static const auto params = [](bool on) {
    search::IsmctsParams p;
    p.widening = 2;
    p.outcome_nodes = on;
    return p;
  };
  static const search::IsmctsParams with = params(true), without = params(false);
  search::IsmctsTree tree(kRed);
  tree.bind({&s.view, &s.sampler, &s.belief, &weights, outcome_nodes ? &with : &without}, 11);
  MoveList root_moves;
  s.view.legal_moves(root_moves);
  const std::vector<int> children = tree.root_children_for(root_moves);
  for (int i = 0; i < 300; ++i) tree.iterate_round(children, 1000);
  return tree;
}

bool has_outcome_children(const search::IsmctsTree& tree, int node) {
  const auto& children = tree.node(node).children;
  return !children.empty() && tree.node(children.front()).outcome != Outcome::kQuiet;
}

// With outcome_nodes a fight's move node has outcome nodes below it, one per outcome seen,
// repeating its move and mover, and the next side's moves hang below those; a node's
// children are all of one kind. The move node counts every visit (the root's children are
// entered at once, a deeper move node's first visit rolls out before its outcome is
// entered). Without the option no node is an outcome node.
TEST(IsmctsTree, OutcomeNodesSplitAFightByItsOutcome) {
  int split = 0;  // fights seen with more than one outcome
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const Searched s(red_view(seed, 40));
    const search::IsmctsTree tree = grown_tree(s, true);
    for (int n = 0; n < int(tree.size()); ++n) {
      const search::IsmctsNode& node = tree.node(n);
      if (!has_outcome_children(tree, n)) {
        for (int c : node.children) {
          EXPECT_EQ(tree.node(c).outcome, Outcome::kQuiet);
          EXPECT_NE(tree.node(c).mover, node.mover);
        }
        continue;
      }
      EXPECT_EQ(node.outcome, Outcome::kQuiet);  // outcome nodes hang below move nodes only
      std::set<Outcome> seen;
      int64_t visits = 0;
      for (int c : node.children) {
        const search::IsmctsNode& child = tree.node(c);
        EXPECT_NE(child.outcome, Outcome::kQuiet);
        EXPECT_TRUE(seen.insert(child.outcome).second);
        EXPECT_EQ(child.move, node.move);
        EXPECT_EQ(child.mover, node.mover);
        visits += child.visits;
      }
      const bool at_root = std::count(tree.root().children.begin(), tree.root().children.end(), n) > 0;
      EXPECT_EQ(node.visits, visits + (at_root ? 0 : 1));
      split += seen.size() > 1;
    }
    const search::IsmctsTree plain = grown_tree(s, false);
    for (int n = 0; n < int(plain.size()); ++n) EXPECT_EQ(plain.node(n).outcome, Outcome::kQuiet);
  }
  EXPECT_GT(split, 0);
}

// Re-rooting after a fight keeps the branch of the outcome it had, exactly that subtree;
// an outcome the tree never grew there starts afresh (false, the tree untouched).
TEST(IsmctsTree, AdvanceFollowsTheFightsOutcome) {
  int checked = 0, refused = 0;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    const Searched s(red_view(seed, 40));
    search::IsmctsTree tree = grown_tree(s, true);
    int fight = -1;
    for (int c : tree.root().children) {
      if (!has_outcome_children(tree, c)) continue;
      std::set<Outcome> grown;
      for (int o : tree.node(c).children) grown.insert(tree.node(o).outcome);
      for (Outcome o : {Outcome::kAttackerWins, Outcome::kDefenderWins, Outcome::kBothDie}) {
        if (grown.count(o)) continue;
        const size_t before = tree.size();
        EXPECT_FALSE(tree.advance(std::vector<Token>{Token::of_move(tree.node(c).move, o)}));
        EXPECT_EQ(tree.size(), before);
        ++refused;
      }
      if (grown.size() > 1) fight = c;
    }
    if (fight < 0) continue;
    const int branch = most_visited(tree, fight);
    const search::IsmctsNode kept = tree.node(branch);
    const int64_t size = subtree_size(tree, branch);
    ASSERT_TRUE(tree.advance(std::vector<Token>{Token::of_move(kept.move, kept.outcome)}));
    EXPECT_EQ(tree.size(), size_t(size));
    EXPECT_EQ(tree.root().visits, kept.visits);
    EXPECT_EQ(tree.root().reward, kept.reward);
    EXPECT_EQ(tree.root().outcome, Outcome::kQuiet);
    ASSERT_EQ(tree.root().children.size(), kept.children.size());
    for (int c : tree.root().children) EXPECT_EQ(tree.node(c).mover, kBlue);
    ++checked;
  }
  EXPECT_GT(checked, 0);
  EXPECT_GT(refused, 0);
}

// The search with outcome_nodes spends its budget exactly (every iteration ours: a
// disguised world can make a round's move impossible), plays a legal move, repeats itself
// with the same seed, and reuses its tree along the history.
TEST(Ismcts, OutcomeNodesSearchIsLegalAndRepeatable) {
  const Searched s(red_view(5, 50));
  search::IsmctsParams params;
  params.outcome_nodes = true;
  params.widening = 2;
  params.enemy_share = 0;
  EXPECT_EQ(repeatable_legal_search(s, params).iterations, 1500);
  const eval::Weights weights = eval::find_weights("default");
  search::IsmctsSearch search{params};
  search.run(s.view, s.sampler, s.belief, weights, 400, 0, 1);
  EXPECT_EQ(search.run(s.view, s.sampler, s.belief, weights, 400, 0, 2).reused_visits, 400);
}

bool same_root(const search::SearchResult& a, const search::SearchResult& b) {
  if (a.root.size() != b.root.size()) return false;
  for (size_t k = 0; k < a.root.size(); ++k)
    if (a.root[k].move != b.root[k].move || a.root[k].visits != b.root[k].visits || a.root[k].mean != b.root[k].mean)
      return false;
  return true;
}

// Implicit minimax: with every world ours (enemy_share 0) every node below the root notes
// one evaluation, in [0, 1], per visit; and after the search each node holds the chooser's
// best of its noted children's values in Red's terms (Red's children: the highest, Blue's:
// the lowest), or while none is noted its own average evaluation. Checked over the
// whole tree below the root (whose value nothing reads) from the stored fields alone.
TEST(IsmctsTree, ImplicitMinimaxBacksUpTheChoosersBest) {
  const Searched s(red_view(5, 50));
  const eval::Weights weights = eval::find_weights("default");
  search::IsmctsParams params;
  params.widening = 2;
  params.enemy_share = 0;
  params.minimax_weight = 0.3;
  search::IsmctsTree tree(kRed);
  tree.bind({&s.view, &s.sampler, &s.belief, &weights, &params}, 11);
  MoveList root_moves;
  s.view.legal_moves(root_moves);
  const std::vector<int> children = tree.root_children_for(root_moves);
  for (int i = 0; i < 200; ++i) tree.iterate_round(children, 1000);
  int backed_up = 0, own = 0;
  for (size_t i = 1; i < tree.size(); ++i) {
    const search::IsmctsNode& n = tree.node(int(i));
    EXPECT_EQ(n.evals, n.visits) << i;
    EXPECT_GE(n.eval_sum, 0.0);
    EXPECT_LE(n.eval_sum, double(n.evals));
    bool any = false;
    double best = 0;
    for (int c : n.children) {
      const search::IsmctsNode& child = tree.node(c);
      if (child.evals == 0) continue;
      const bool red = child.mover == kRed;
      if (!any || (red ? child.minimax > best : child.minimax < best)) best = child.minimax;
      any = true;
    }
    if (any) {
      EXPECT_DOUBLE_EQ(n.minimax, best) << i;
      ++backed_up;
    } else if (n.evals > 0) {
      EXPECT_DOUBLE_EQ(n.minimax, n.eval_sum / double(n.evals)) << i;
      ++own;
    }
  }
  EXPECT_GT(backed_up, 10);
  EXPECT_GT(own, 10);
}

// The search with implicit minimax plays a legal move and repeats itself with the same
// seed, and the setting reaches the choices: without it the same seed ends otherwise.
// Next to outcome nodes it is ignored.
TEST(Ismcts, ImplicitMinimaxSearchIsLegalAndRepeatable) {
  const Searched s(red_view(5, 50));
  search::IsmctsParams params;
  params.widening = 2;
  params.minimax_weight = 0.3;
  const eval::Weights weights = eval::find_weights("default");
  const auto a = repeatable_legal_search(s, params);
  params.minimax_weight = 0;
  EXPECT_FALSE(same_root(a, search::ismcts_search(s.view, s.sampler, s.belief, weights, params, 1500, 0, 4)));
  // With outcome nodes the weight is dropped: the search is the one without it.
  params.outcome_nodes = true;
  const auto without = search::ismcts_search(s.view, s.sampler, s.belief, weights, params, 1500, 0, 4);
  params.minimax_weight = 0.3;
  EXPECT_TRUE(same_root(without, search::ismcts_search(s.view, s.sampler, s.belief, weights, params, 1500, 0, 4)));
}

// The message make_bot refuses a config with.
std::string make_bot_error(const search::BotConfig& config) {
  return testing_support::error_of([&] { search::make_bot(config); });
}

// A config may set the threshold; a negative one is refused naming the key.
TEST(BotConfig, OutcomeNodesFromIsReadAndChecked) {
  search::BotConfig config{"x", "ismcts", {{"outcome_nodes_from", "8000"}}, "x.toml", std::nullopt};
  EXPECT_NO_THROW(search::make_bot(config));
  config.params = {{"outcome_nodes_from", "-1"}};
  EXPECT_NE(make_bot_error(config).find("outcome_nodes_from"), std::string::npos) << make_bot_error(config);
}

// The searches of a setting a budget threshold turns on or off (outcome_nodes_from,
// minimax_from): set(params, on, from) sets the setting to on (or off) and the
// threshold to from (0: none).
using ThresholdSetter = std::function<void(search::IsmctsParams&, bool, int64_t)>;
auto threshold_search(const Searched& s, const ThresholdSetter& set) {
  return [&s, set](int threads, bool on, int64_t from) {
    static const eval::Weights weights = eval::find_weights("default");
    search::IsmctsParams params;
    params.widening = 2;
    params.threads = threads;
    set(params, on, from);
    return search::ismcts_search(s.view, s.sampler, s.belief, weights, params, 1200, 0, 7);
  };
}

// A threshold decides for each search by the iterations of each tree: 1200 iterations in
// one tree search exactly as with the setting on when the threshold is 1200, exactly as
// off when it is 1201; in two trees (600 each) a threshold of 1200 is not reached, 600 is.
void expect_threshold_follows_each_trees_budget(const ThresholdSetter& set) {
  const Searched s(red_view(5, 50));
  const auto search = threshold_search(s, set);
  const auto on = search(1, true, 0), off = search(1, false, 0);
  ASSERT_FALSE(same_root(on, off));  // the setting changes this search, so the checks below can tell
  EXPECT_TRUE(same_root(search(1, true, 1200), on));
  EXPECT_TRUE(same_root(search(1, true, 1201), off));
  const auto on2 = search(2, true, 0), off2 = search(2, false, 0);
  ASSERT_FALSE(same_root(on2, off2));
  EXPECT_TRUE(same_root(search(2, true, 1200), off2));
  EXPECT_TRUE(same_root(search(2, true, 600), on2));
}

const ThresholdSetter kOutcomeNodes = [](search::IsmctsParams& p, bool on, int64_t from) {
  p.outcome_nodes = on;
  p.outcome_nodes_from = from;
};

// outcome_nodes_from decides by each tree's budget, and overrides outcome_nodes either
// way: a reached threshold turns the nodes on even when outcome_nodes is off.
TEST(Ismcts, OutcomeNodesFollowEachTreesBudget) {
  expect_threshold_follows_each_trees_budget(kOutcomeNodes);
  const Searched s(red_view(5, 50));
  const auto search = threshold_search(s, kOutcomeNodes);
  EXPECT_TRUE(same_root(search(1, false, 1200), search(1, true, 0)));
  EXPECT_TRUE(same_root(search(2, false, 600), search(2, true, 0)));
}

// minimax_from decides by each tree's budget (it only turns the weight off).
TEST(Ismcts, ImplicitMinimaxFollowsEachTreesBudget) {
  expect_threshold_follows_each_trees_budget([](search::IsmctsParams& p, bool on, int64_t from) {
    p.minimax_weight = on ? 0.5 : 0;
    p.minimax_from = from;
  });
}

// minimax_weight is read, kept within [0, 1], and refused next to outcome nodes, whose
// outcomes are no choice to take the best of; a negative minimax_from is refused. Each
// error names the key at fault.
TEST(BotConfig, MinimaxWeightIsReadAndChecked) {
  search::BotConfig config{"x", "ismcts", {{"minimax_weight", "0.3"}, {"minimax_from", "2000"}}, "x.toml", std::nullopt};
  EXPECT_NO_THROW(search::make_bot(config));
  const std::vector<std::pair<std::map<std::string, std::string>, std::string>> refused{
      {{{"minimax_weight", "1.5"}}, "minimax_weight"},
      {{{"minimax_weight", "0.3"}, {"minimax_from", "-1"}}, "minimax_from"},
      {{{"minimax_weight", "0.3"}, {"outcome_nodes", "1"}}, "minimax_weight"},
      {{{"minimax_weight", "0.3"}, {"outcome_nodes_from", "8000"}}, "minimax_weight"}};
  for (const auto& [params, key] : refused) {
    config.params = params;
    EXPECT_NE(make_bot_error(config).find(key), std::string::npos) << make_bot_error(config);
  }
}

TEST(BotConfig, ShippedBotsLoadAndUnknownParametersAreNamed) {
  for (const char* name : {"random", "greedy", "heuristic", "pimc", "ismcts", "easy", "medium", "hard", "strongest"})
    EXPECT_NO_THROW(search::make_bot(search::resolve_bot(name))) << name;
  search::BotConfig config{"x", "ismcts", {{"explorashun", "1"}}, "x.toml", std::nullopt};
  EXPECT_NE(make_bot_error(config).find("explorashun"), std::string::npos) << make_bot_error(config);
  config.params = {{"threads", "zero"}};
  EXPECT_THROW(search::make_bot(config), Error);
  EXPECT_THROW(search::make_bot(search::resolve_bot("no-such-bot")), Error);
}

}  // namespace

namespace {

// The weaker levels' noise: at temperature 1 the move is drawn by root visits, so over
// seeds several legal moves appear where the best move alone (temperature 0) is fewer.
TEST(IsmctsBot, TemperatureDrawsAmongTheSearchedMoves) {
  const View view = red_view(5, 40);
  MoveList legal;
  view.legal_moves(legal);
  std::array<std::set<Move>, 2> played;
  for (const int hot : {0, 1}) {
    for (uint64_t seed = 1; seed <= 12; ++seed) {
      search::BotConfig config{"t", "ismcts", {{"temperature", hot ? "1" : "0"}, {"flag_guard", "0"}}, "t.toml",
                               std::nullopt};
      auto bot = search::make_bot(config);
      bot->new_game(kRed, view.rules(), seed);
      search::Limits limits;
      limits.iterations = 2000;
      const Move m = bot->choose_move(view, limits);
      EXPECT_NE(std::find(legal.begin(), legal.end(), m), legal.end());
      played[hot].insert(m);
    }
  }
  EXPECT_GT(played[1].size(), played[0].size());
}

}  // namespace
