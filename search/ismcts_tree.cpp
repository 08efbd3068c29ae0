#include "search/ismcts_tree.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "engine/game_end.h"
#include "search/rollout.h"
#include "search/tree_search.h"

namespace junqi::search {

using namespace junqi::engine;

namespace {

// ln(n) for the availability counts of UCB: a libm call per child per visit was the
// largest single cost of selection (the score loop runs over every legal child), and
// counts past the table are rare (only near the root of long searches).
constexpr int kLogTableSize = 4096;
const std::array<double, kLogTableSize> kLogTable = [] {
  std::array<double, kLogTableSize> t{};
  for (int n = 1; n < kLogTableSize; ++n) t[size_t(n)] = std::log(double(n));
  return t;
}();
double log_count(int64_t n) { return n < kLogTableSize ? kLogTable[size_t(n)] : std::log(double(n)); }

}  // namespace

void LegalMoves::fill(const Position& pos) {
  from_ = movable_pieces(pos);
  total_ = 0;
  for (Bitboard64 p = from_; p;) {
    const Square s = pop_lsb(p);
    to_[s] = destinations(pos, s);
    total_ += popcount(to_[s]);
  }
}

bool LegalMoves::take(Move m) {
  const Square from = from_sq(m);
  const Bitboard64 bit = square_bb(to_sq(m));
  if (!(from_ & square_bb(from)) || !(to_[from] & bit)) return false;
  to_[from] &= ~bit;
  --total_;
  return true;
}

Move LegalMoves::nth(int k) const {
  for (Bitboard64 p = from_;;) {
    const Square s = pop_lsb(p);
    const int n = popcount(to_[s]);
    if (k < n) {
      Bitboard64 t = to_[s];
      while (k-- > 0) t &= t - 1;
      return make_move(s, pop_lsb(t));
    }
    k -= n;
  }
}

Move LegalMoves::to_any(Bitboard64 targets) const {
  for (Bitboard64 p = from_; p;) {
    const Square s = pop_lsb(p);
    if (const Bitboard64 t = to_[s] & targets) return make_move(s, lsb(t));
  }
  return kNullMove;
}

void LegalMoves::list(MoveList& out) const {
  out.size = 0;
  for (Bitboard64 p = from_; p;) {
    const Square s = pop_lsb(p);
    for (Bitboard64 t = to_[s]; t;) out.moves[size_t(out.size++)] = make_move(s, pop_lsb(t));
  }
}

IsmctsTree::IsmctsTree(Color us) {
  nodes_.push_back(IsmctsNode{kNullMove, ~us, 0, 0, 0, 0.0, {}});
}

void IsmctsTree::iterate() {
  Position world;
  const Color learner = draw_world(world);
  path_.assign(1, 0);
  descend(world, learner, 0);
}

int64_t IsmctsTree::iterate_round(const std::vector<int>& root_children, int64_t budget) {
  Position world;
  const Color learner = draw_world(world);
  int64_t done = 0;
  Position::Undo undo;
  for (int c : root_children) {
    if (done == budget) break;
    if (!is_legal(world, nodes_[c].move)) continue;  // a disguise can make our move impossible
    Position w = world;
    w.make(nodes_[c].move, undo);
    path_.assign({0, c});
    descend(w, learner, after_outcome(c, undo.outcome));
    ++done;
  }
  return done;
}

std::vector<int> IsmctsTree::root_children_for(std::span<const Move> moves) {
  std::vector<int> ids;
  for (Move m : moves) {
    const auto& children = nodes_[0].children;
    const auto it = std::find_if(children.begin(), children.end(), [&](int c) { return nodes_[c].move == m; });
    ids.push_back(it != children.end() ? *it : add_child(0, m, ctx_.view->side()));
  }
  return ids;
}

bool IsmctsTree::advance(std::span<const Token> since_root) {
  int at = 0;
  for (const Token& t : since_root) {
    if (t.kind != Token::Kind::kMove) continue;
    const auto& children = nodes_[at].children;
    const auto it = std::find_if(children.begin(), children.end(), [&](int c) { return nodes_[c].move == t.move; });
    if (it == children.end()) return false;
    at = *it;
    // A fight grown with outcome nodes goes on below the outcome it had, if the tree
    // grew it. (The tree's own nodes say so: the search's settings are not bound here.)
    const auto& below = nodes_[at].children;
    if (below.empty() || nodes_[below.front()].outcome == Outcome::kQuiet) continue;
    at = outcome_child(at, t.outcome);
    if (at < 0) return false;
  }
  if (at == 0) return true;
  keep_subtree(nodes_, at);
  nodes_[0].move = kNullMove;
  nodes_[0].outcome = Outcome::kQuiet;
  // The root's own moves start even: the paired root compares them on the same fresh
  // worlds, which carried-over counts from older worlds would unbalance. What is kept is
  // the tree below them, the model of the replies. Their implicit-minimax values stay:
  // they describe that kept subtree, and below the root they are what its walks read.
  for (int c : nodes_[0].children) {
    IsmctsNode& child = nodes_[size_t(c)];
    child.available = std::min<int64_t>(child.available, 1);
    child.visits = child.valued = 0;
    child.reward = 0;
  }
  return true;
}

// Samples a world; a share of the draws (enemy_share) learn for the enemy, in a world
// where our pieces are disguised. Returns who learns from it.
Color IsmctsTree::draw_world(Position& world) {
  std::array<PieceType, Belief::kPieces> types;
  ctx_.sampler->sample(rng_, types);
  world = determinize(*ctx_.view, *ctx_.belief, types);
  const Color us = ctx_.view->side();
  const double share = ctx_.params->enemy_share;
  const bool enemy_turn = share > 0 && double(rng_.next() >> 11) * 0x1.0p-53 < share;
  return enemy_turn && disguise_own(world, types) ? ~us : us;
}

int IsmctsTree::add_child(int node, Move m, Color mover) {
  nodes_.push_back(IsmctsNode{m, mover, 0, 1, 0, 0.0, {}});
  nodes_[node].children.push_back(int(nodes_.size()) - 1);
  return int(nodes_.size()) - 1;
}

// The child of move node `node` for this fight outcome, or -1 if it has none.
int IsmctsTree::outcome_child(int node, Outcome outcome) const {
  const auto& children = nodes_[node].children;
  const auto it = std::find_if(children.begin(), children.end(), [&](int c) { return nodes_[c].outcome == outcome; });
  return it != children.end() ? *it : -1;
}

// The node the walk goes on from after move node `node` was played in the world with
// this outcome: with outcome_nodes, a fight's outcome node (grown if missing, and added
// to path_); else, and after a quiet move, the move node itself.
int IsmctsTree::after_outcome(int node, Outcome outcome) {
  if (outcome == Outcome::kQuiet || !ctx_.params->outcome_nodes) return node;
  int next = outcome_child(node, outcome);
  if (next < 0) {
    next = add_child(node, nodes_[node].move, nodes_[node].mover);
    nodes_[size_t(next)].outcome = outcome;
  }
  path_.push_back(next);
  return next;
}

// Walks down from `node` (world is its position, path_ ends with it), expands, rolls
// out and backs the value up along path_.
void IsmctsTree::descend(Position& world, Color learner, int node) {
  const Color us = ctx_.view->side();
  double value = -1;
  Position::Undo undo;
  // With implicit minimax, each node below the root notes what its world is worth to us
  // (only in our own perspective: a disguised world misvalues our pieces). The root's
  // value is never read: its moves are chosen by their means.
  const bool note_evals = ctx_.params->minimax_weight > 0 && learner == us;
  auto noting = [&] { return note_evals && path_.size() > 1; };
  auto note = [&](double v) {
    IsmctsNode& n = nodes_[size_t(path_.back())];
    n.eval_sum += v;
    n.evals++;
  };
  while (true) {
    const GameStatus status = status_without_movegen(world);
    const int plies = int(path_.size()) - 1;  // from the searched position
    if (status.over()) {
      value = terminal_value(status, us, plies);
      if (noting()) note(value);
      break;
    }
    legal_.fill(world);
    if (legal_.size() == 0) {
      value = win_value(world.side_to_move() != us, plies);
      if (noting()) note(value);
      break;
    }
    if (noting()) note(eval::evaluate(world, us, *ctx_.weights));
    // In a disguised world our pieces are not ours: our moves there may only follow
    // children grown from true worlds, never add new ones.
    const bool may_expand = learner == us || world.side_to_move() != us;
    const int next = select_or_expand(world, node, may_expand);
    if (next < 0) break;  // no child of ours is possible in this disguise: roll out
    world.make(nodes_[next].move, undo);
    path_.push_back(next);
    if (nodes_[next].visits == 0) {  // just expanded: roll out from here
      if (noting()) {  // a side left without moves is found, and noted, on the next visit
        const GameStatus after = status_without_movegen(world);
        note(after.over() ? terminal_value(after, us, int(path_.size()) - 1) : eval::evaluate(world, us, *ctx_.weights));
      }
      break;
    }
    node = after_outcome(next, undo.outcome);
  }
  if (value < 0)
    value = rollout(world, us, ctx_.params->rollout, rng_, *ctx_.weights, int(path_.size()) - 1);
  for (int n : path_) {
    IsmctsNode& visited = nodes_[n];
    visited.visits++;
    if (visited.mover != learner) continue;
    visited.valued++;
    visited.reward += visited.mover == us ? value : 1.0 - value;
  }
  if (note_evals) back_up_minimax();
}

// Implicit minimax along path_, deepest first: a node's value is the best of its noted
// children's for the side that chooses among them (ours: the highest, the enemy's: the
// lowest, all in our terms), or its own average evaluation while none is noted.
void IsmctsTree::back_up_minimax() {
  const Color us = ctx_.view->side();
  for (auto it = path_.rbegin(); it + 1 != path_.rend(); ++it) {  // not the root
    IsmctsNode& n = nodes_[size_t(*it)];
    bool any = false;
    double best = 0;
    for (int c : n.children) {
      const IsmctsNode& child = nodes_[size_t(c)];
      if (child.evals == 0) continue;
      if (!any || (child.mover == us ? child.minimax > best : child.minimax < best)) best = child.minimax;
      any = true;
    }
    if (any)
      n.minimax = best;
    else if (n.evals > 0)
      n.minimax = n.eval_sum / double(n.evals);
  }
}

// Re-draws the types of our living pieces from what the enemy could know of them in
// this world (its own types fixed by the determinization): each piece, most
// constrained first, takes a uniformly chosen type its public facts allow and the
// counts still have. An approximate sample (not weighted by completions), which is
// enough for a model of the enemy's uncertainty; false if it gets stuck.
bool IsmctsTree::disguise_own(Position& world, const std::array<PieceType, Belief::kPieces>& enemy_types) {
  std::array<TypeMask, Belief::kPieces> masks;
  ctx_.belief->enemy_view_of_us(enemy_types, masks);
  std::array<int, Belief::kPieces> order;
  for (int i = 0; i < Belief::kPieces; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](int a, int b) { return std::popcount(masks[a]) < std::popcount(masks[b]); });
  std::array<PieceType, Belief::kPieces> drawn;
  for (int attempt = 0; attempt < 8; ++attempt) {
    int left[kPieceTypes];
    std::copy(std::begin(kPieceCount), std::end(kPieceCount), left);
    bool stuck = false;
    for (int id : order) {
      PieceType options[kPieceTypes];
      int n = 0;
      for (int t = 0; t < kPieceTypes; ++t)
        if ((masks[id] & type_bit(PieceType(t))) && left[t] > 0) options[n++] = PieceType(t);
      if (n == 0) {
        stuck = true;
        break;
      }
      drawn[id] = options[rng_.below(uint64_t(n))];
      --left[drawn[id]];
    }
    if (stuck) continue;
    const Color us = ctx_.view->side();
    for (int id = 0; id < Belief::kPieces; ++id) {
      const Square s = ctx_.belief->own_pieces()[id].square;
      if (s == kNoSquare) continue;
      world.remove_piece(s);
      world.put_piece(s, make_piece(us, drawn[id]));
    }
    return true;
  }
  return false;
}

// Counts availability of the children legal in this world (legal_); expands one
// untried legal move if there is any (and expansion and widening allow it), else picks the
// available child with the best UCB score; -1 if there is none. With the rollouts'
// take_flag, an untried move that takes the Flag is expanded first, as a rollout would
// play it: a threat to a Flag shows in the tree from the first visit.
int IsmctsTree::select_or_expand(const Position& world, int node, bool may_expand) {
  int best = -1;
  double best_score = -1;
  int possible = 0;  // children legal in this world
  const double c = ctx_.params->exploration;
  const double unvalued = nodes_[node].first_play_value(ctx_.params->parent_fpu);
  const double w = ctx_.params->minimax_weight;
  const Color us = ctx_.view->side();
  for (int id : nodes_[node].children) {
    IsmctsNode& child = nodes_[id];
    if (!legal_.take(child.move)) continue;
    ++possible;
    ++child.available;
    double mean = child.mean_or(unvalued);
    if (w > 0 && child.evals > 0) mean = (1 - w) * mean + w * child.minimax_for_mover(us);
    const double score = mean + c * std::sqrt(log_count(child.available) / double(child.visits));
    if (score > best_score) best_score = score, best = id;
  }
  if (legal_.size() == 0 || !may_expand) return best;
  // Progressive widening: a node grows a child only while fewer than widening·√visits of
  // its children are possible in this world, so the tree deepens along the lines the
  // untried_move order puts first instead of spreading over every reply.
  const double widening = ctx_.params->widening;
  if (widening > 0 && best >= 0 && double(possible) >= widening * std::sqrt(double(nodes_[node].visits + 1)))
    return best;
  return add_child(node, untried_move(world), world.side_to_move());
}

// The untried move (legal_ holds them, at least one) a node grows next: with widening,
// the one the rollout policy would play among them; else a Flag capture if there is one
// (with take_flag), else a uniformly random one.
Move IsmctsTree::untried_move(const Position& world) {
  if (ctx_.params->widening > 0) {
    MoveList untried;
    legal_.list(untried);
    return rollout_move(world, untried, ctx_.params->rollout, rng_);
  }
  Move m = kNullMove;
  if (ctx_.params->rollout.take_flag) m = legal_.to_any(world.pieces(~world.side_to_move(), kFlag));
  if (m == kNullMove) m = legal_.nth(int(rng_.below(uint64_t(legal_.size()))));
  return m;
}

}  // namespace junqi::search
