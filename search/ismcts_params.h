#pragma once
// The settings and the result of an ISMCTS search, the same for the dark game's search
// (ismcts.h) and the flip game's (flip_search.h).

#include <cstdint>
#include <vector>

#include "engine/types.h"
#include "search/rollout.h"
#include "search/rollout_schedule.h"

namespace junqi::search {

// The flip game's own settings (flip_search.h); the dark game's search ignores them.
struct FlipSearchParams {
  // Plies before the leaf evaluation. The flip evaluation already weighs the capture the
  // side to move has and the pieces a flip may expose; random plies only add noise.
  RolloutPolicy rollout{0, 0};
  // The root's actions start from their one-ply values (flip_action_values.h) counted as
  // this many visits each: the early cuts of sequential halving, made on a handful of
  // visits per action, follow the exact one-ply expectation until searching outweighs it.
  int64_t prior_visits = 30;
  double exploration = 0.03;  // UCB1 constant below the root, over the prior-blended means: the priors order the tries
};

struct IsmctsParams {
  double exploration = 0.4;  // UCB1 constant c in mean + c * sqrt(ln(available) / visits)
  RolloutPolicy rollout;     // random plies before the leaf evaluation (the dark game's)
  // If set, rollout.depth follows the budget (IsmctsSearch::run); rollout.depth serves
  // while it is unknown: the first search under a clock, before any rate was measured.
  RolloutSchedule rollout_schedule;
  int threads = 1;
  // Share of iterations (rounds, with paired_root) in the enemy's perspective, where our
  // pieces are disguised and only enemy nodes learn; 0 = plain SO-ISMCTS. Our own nodes
  // learn only from the rest, so a smaller share leaves more of the budget to our choices.
  // The dark game only: in the flip game both players know the same.
  double enemy_share = 0.25;
  bool paired_root = true;      // every root move searched on the same worlds, round by round
  bool halving = true;          // with paired_root: sequential halving of the root moves
  // Progressive widening below the root: children possible in a world at most
  // widening·√visits, grown in the rollout policy's order; 0 = every move in turn.
  double widening = 0;
  // A child none of whose visits were its mover's own perspective (an enemy reply seen
  // only in our worlds, say) scores its parent's value for that mover instead of an even
  // 0.5: while we lead, 0.5 made every not-yet-valued enemy reply look better than the
  // valued ones, and the modelled enemy wandered among them.
  bool parent_fpu = false;
  // Implicit minimax backups (Lanctot et al. 2014): each node also keeps the evaluation of
  // the worlds it was reached in, averaged, and backs up the minimax of its children's
  // such values; in selection (below the root, and at the root too without paired_root)
  // a child scores (1 - w) · its mean + w · that minimax value for its mover. The minimax
  // carries what the tree's depth has seen, which the rollouts' averages blur. Values are
  // noted in our own perspective only, so the enemy's replies too are valued with our
  // true pieces: the blend makes the modelled enemy partly clairvoyant (measured so).
  // 0 = off. Off with outcome_nodes (IsmctsSearch::run): an outcome is no choice.
  double minimax_weight = 0;
  // If > 0, minimax_weight holds only in trees expected to run at least this many
  // iterations each (IsmctsSearch::run), and is 0 in smaller ones and while a clock's
  // budget is not known yet: the best of thinly sampled children is mostly their noise.
  int64_t minimax_from = 0;
  // A fight's move node branches on the fight's outcome, which both sides see: the replies
  // grow below the outcome they follow, so the modelled enemy answers a won fight and a lost
  // one apart, and a reused tree keeps only the branch of the outcome that happened. The
  // move node keeps the statistics its mover chooses by, over every outcome: the mover
  // does not know the outcome when it chooses. Off: one node per move, replies to every
  // outcome mixed below it.
  bool outcome_nodes = false;
  // If > 0, outcome_nodes is set for each search (IsmctsSearch::run): on in trees expected
  // to run at least this many iterations each (the search's budget over its threads), off
  // in smaller ones and while a clock's budget is not known yet. The outcomes' branches
  // share their move's visits, and only a large tree gives each of them enough: one tree
  // of 8000 iterations measured +25 Elo with them under rollout_greedy 600, nothing under
  // 800; one of 4000 nothing measurable.
  int64_t outcome_nodes_from = 0;
  bool reuse_tree = true;       // IsmctsSearch: start from the subtree of the moves played since
  FlipSearchParams flip;
};

struct RootStats {
  engine::Move move;
  int64_t visits;
  int64_t valued;    // visits in our own perspective, the ones that set mean
  int64_t finalist;  // paired root: in how many trees the move survived halving
  double mean;  // average value for us
};

struct SearchResult {
  engine::Move best = engine::kNullMove;
  int64_t iterations = 0;       // of this search
  int64_t reused_visits = 0;    // root visits carried over from the last search's trees
  double winrate = 0.5;  // mean value of the best move
  std::vector<RootStats> root;
};

}  // namespace junqi::search
