#include "tests/reference/mailbox_movegen.h"

namespace junqi::reference {
namespace {

using engine::Move;
using engine::Piece;
using engine::PieceType;

constexpr int kFiles = 5, kRanks = 12;
constexpr int square(int file, int rank) { return (rank - 1) * kFiles + file; }

// RULES.md §1, written as predicates on (file 0..4, rank 1..12).
bool is_headquarters(int file, int rank) { return (rank == 1 || rank == 12) && (file == 1 || file == 3); }
bool is_camp(int file, int rank) {
  // b3 d3 c4 b5 d5, and the same turned round for Blue: b10 d10 c9 b8 d8.
  const int own_rank = rank <= 6 ? rank : 13 - rank;
  if (own_rank == 4) return file == 2;
  return (own_rank == 3 || own_rank == 5) && (file == 1 || file == 3);
}
bool is_rail_rank(int rank) { return rank == 2 || rank == 6 || rank == 7 || rank == 11; }

struct Board {
  std::array<bool, kSquares> camp{}, headquarters{};
  // Every linked neighbour (road or railway): at most 4 orthogonal + 4 diagonal.
  std::array<std::array<int, 8>, kSquares> neighbours{};
  std::array<int, kSquares> neighbour_count{};
  // Railway neighbours only: at most 4.
  std::array<std::array<int, 4>, kSquares> rail_neighbours{};
  std::array<int, kSquares> rail_neighbour_count{};
  // The straight railway lines of §4, each as its squares in order.
  std::vector<std::vector<int>> lines;
  // For each square, the lines through it: (line index, position on the line).
  std::array<std::vector<std::pair<int, int>>, kSquares> lines_through;
  LinkCounts counts;

  void link(int a, int b, bool rail) {
    neighbours[a][neighbour_count[a]++] = b;
    neighbours[b][neighbour_count[b]++] = a;
    ++counts.all;
    if (rail) {
      rail_neighbours[a][rail_neighbour_count[a]++] = b;
      rail_neighbours[b][rail_neighbour_count[b]++] = a;
      ++counts.railway;
    }
  }
  bool on_railway(int s) const { return rail_neighbour_count[s] > 0; }
};

Board build_board() {
  Board b;
  for (int rank = 1; rank <= kRanks; ++rank)
    for (int file = 0; file < kFiles; ++file) {
      const int s = square(file, rank);
      b.camp[s] = is_camp(file, rank);
      b.headquarters[s] = is_headquarters(file, rank);
      // Along the rank: always linked; railway on ranks 2, 6, 7, 11.
      if (file + 1 < kFiles) b.link(s, square(file + 1, rank), is_rail_rank(rank));
      // Up the file: inside a half always (railway on files a and e from rank 2 to 11);
      // across the front only at a, c and e, and those three crossings are railway.
      if (rank < kRanks) {
        const bool edge_file = file == 0 || file == kFiles - 1;
        if (rank == 6) {
          if (file % 2 == 0) b.link(s, square(file, rank + 1), true);
        } else {
          b.link(s, square(file, rank + 1), edge_file && rank >= 2 && rank + 1 <= 11);
        }
      }
    }
  // Camps link to their four diagonal neighbours (road). Adding each pair once: only
  // from camps to non-camps, plus c4/c9 to its four camp neighbours.
  for (int rank = 1; rank <= kRanks; ++rank)
    for (int file = 0; file < kFiles; ++file) {
      if (!is_camp(file, rank)) continue;
      for (int df : {-1, 1})
        for (int dr : {-1, 1}) {
          const int f = file + df, r = rank + dr;
          if (is_camp(f, r) && file != 2) continue;  // counted from the centre camp
          b.link(square(file, rank), square(f, r), false);
        }
    }
  // Straight lines: the four railway ranks, files a and e from rank 2 to 11, and c6-c7.
  for (int rank : {2, 6, 7, 11}) {
    std::vector<int> line;
    for (int file = 0; file < kFiles; ++file) line.push_back(square(file, rank));
    b.lines.push_back(line);
  }
  for (int file : {0, 4}) {
    std::vector<int> line;
    for (int rank = 2; rank <= 11; ++rank) line.push_back(square(file, rank));
    b.lines.push_back(line);
  }
  b.lines.push_back({square(2, 6), square(2, 7)});
  for (int i = 0; i < int(b.lines.size()); ++i)
    for (int j = 0; j < int(b.lines[i].size()); ++j) b.lines_through[b.lines[i][j]].push_back({i, j});
  return b;
}

const Board& board() {
  static const Board b = build_board();
  return b;
}

// Officer order of RULES.md §2 (Marshal 9 .. Engineer 1); bombs, mines and flags are
// handled before ranks are compared.
int officer_rank(PieceType t) {
  switch (t) {
    case engine::kMarshal: return 9;
    case engine::kGeneral: return 8;
    case engine::kDivision: return 7;
    case engine::kBrigade: return 6;
    case engine::kRegiment: return 5;
    case engine::kBattalion: return 4;
    case engine::kCompany: return 3;
    case engine::kPlatoon: return 2;
    case engine::kEngineer: return 1;
    default: return 0;
  }
}

struct FightResult {
  bool attacker_survives, defender_survives;
};

// RULES.md §5, and §9's third mine value.
FightResult resolve_fight(PieceType attacker, PieceType defender, engine::MineRule mine) {
  if (defender == engine::kFlag) return {attacker != engine::kBomb, false};
  if (attacker == engine::kBomb || defender == engine::kBomb) return {false, false};
  if (defender == engine::kMine) {
    switch (mine) {
      case engine::MineRule::kAttackerDies: return {attacker == engine::kEngineer, attacker != engine::kEngineer};
      case engine::MineRule::kBothDie: return {attacker == engine::kEngineer, false};
      case engine::MineRule::kAllDie: return {false, false};
    }
  }
  const int a = officer_rank(attacker), d = officer_rank(defender);
  return {a > d, d > a};
}

bool is_empty(Piece p) { return p == engine::kNoPiece; }

}  // namespace

MailboxPosition from_position(const engine::Position& pos) {
  MailboxPosition m;
  for (int s = 0; s < kSquares; ++s) m.board[s] = pos.piece_on(engine::Square(s));
  m.side = pos.side_to_move();
  m.quiet_plies = pos.quiet_plies();
  m.ply = pos.ply();
  m.rules = pos.rules();
  return m;
}

std::vector<Move> generate_moves(const MailboxPosition& pos) {
  const Board& b = board();
  const engine::Rules& rules = pos.rules;
  std::vector<Move> moves;
  moves.reserve(128);
  // added[to]: this piece already has a move to `to` (a square reached by a step and a
  // run is one move). dist/queue: the engineer BFS.
  std::array<bool, kSquares> added;
  std::array<int, kSquares> dist, queue;

  for (int from = 0; from < kSquares; ++from) {
    const Piece piece = pos.board[from];
    if (is_empty(piece) || engine::color_of(piece) != pos.side) continue;
    const PieceType type = engine::type_of(piece);
    if (type == engine::kFlag || type == engine::kMine) continue;
    if (b.headquarters[from] && !rules.hq_exit) continue;

    added.fill(false);
    auto add = [&](int to) {
      if (added[to]) return;
      added[to] = true;
      moves.push_back(engine::make_move(engine::Square(from), engine::Square(to)));
    };
    // An enemy piece this piece may attack: not sheltered in a camp, and not the Flag
    // when the attacker is a Marshal and marshal_takes_flag is off.
    auto attackable = [&](int s) {
      const Piece p = pos.board[s];
      if (is_empty(p) || engine::color_of(p) == pos.side || b.camp[s]) return false;
      return rules.marshal_takes_flag || type != engine::kMarshal || engine::type_of(p) != engine::kFlag;
    };

    // Road step to any linked square: empty, or an enemy it may attack.
    for (int i = 0; i < b.neighbour_count[from]; ++i) {
      const int to = b.neighbours[from][i];
      if (is_empty(pos.board[to]) || attackable(to)) add(to);
    }
    if (!b.on_railway(from)) continue;

    // §4 and §9: Engineers turn unless engineer_turns is off, Bombs turn when they fly,
    // and under all_turn every piece turns.
    bool turning = rules.all_turn;
    if (type == engine::kEngineer) turning = turning || rules.engineer_turns;
    if (type == engine::kBomb) turning = turning || rules.bomb_flies;
    if (turning) {
      // Breadth-first over empty railway squares: dist is the shortest path, so with
      // rail_max an attack is allowed when the attacker's square is within rail_max - 1.
      const int limit = rules.rail_max > 0 ? rules.rail_max : kSquares;
      dist.fill(-1);
      int head = 0, tail = 0;
      dist[from] = 0;
      queue[tail++] = from;
      while (head < tail) {
        const int u = queue[head++];
        if (dist[u] + 1 > limit) continue;
        for (int i = 0; i < b.rail_neighbour_count[u]; ++i) {
          const int v = b.rail_neighbours[u][i];
          if (is_empty(pos.board[v])) {
            if (dist[v] < 0) {
              dist[v] = dist[u] + 1;
              queue[tail++] = v;
              add(v);
            }
          } else if (attackable(v)) {
            add(v);
          }
        }
      }
    } else {
      // Straight runs: along each line through `from`, both ways, until a piece.
      for (const auto& [line_index, at] : b.lines_through[from]) {
        const std::vector<int>& line = b.lines[line_index];
        for (int dir : {-1, 1})
          for (int k = 1;; ++k) {
            if (rules.rail_max > 0 && k > rules.rail_max) break;
            const int j = at + dir * k;
            if (j < 0 || j >= int(line.size())) break;
            const int to = line[j];
            if (is_empty(pos.board[to])) {
              add(to);
              continue;
            }
            if (attackable(to)) add(to);
            break;
          }
      }
    }
  }
  return moves;
}

void make_move(MailboxPosition& pos, Move m) {
  const int from = engine::from_sq(m), to = engine::to_sq(m);
  const Piece mover = pos.board[from], target = pos.board[to];
  pos.board[from] = engine::kNoPiece;
  if (is_empty(target)) {
    pos.board[to] = mover;
    ++pos.quiet_plies;
  } else {
    const FightResult r = resolve_fight(engine::type_of(mover), engine::type_of(target), pos.rules.mine);
    pos.board[to] = r.attacker_survives ? mover : r.defender_survives ? target : engine::kNoPiece;
    pos.quiet_plies = 0;
  }
  ++pos.ply;
  pos.side = pos.side == engine::kRed ? engine::kBlue : engine::kRed;
}

bool game_over(const MailboxPosition& pos) {
  const Board& b = board();
  bool has_flag[engine::kColors] = {false, false};
  // immobile = at-once: does each side keep a piece that may still move some day, that is
  // one neither a Flag nor a Landmine nor (without hq_exit) standing in a headquarters?
  bool can_move[engine::kColors] = {false, false};
  for (int s = 0; s < kSquares; ++s) {
    const Piece p = pos.board[s];
    if (is_empty(p)) continue;
    const PieceType t = engine::type_of(p);
    if (t == engine::kFlag) has_flag[engine::color_of(p)] = true;
    if (t != engine::kFlag && t != engine::kMine && (pos.rules.hq_exit || !b.headquarters[s]))
      can_move[engine::color_of(p)] = true;
  }
  const bool immobile_end =
      pos.rules.immobile == engine::Immobile::kAtOnce && (!can_move[engine::kRed] || !can_move[engine::kBlue]);
  return !has_flag[engine::kRed] || !has_flag[engine::kBlue] || immobile_end ||
         pos.quiet_plies >= pos.rules.no_capture_draw || pos.ply >= pos.rules.max_plies;
}

uint64_t perft(const MailboxPosition& pos, int depth, bool bulk) {
  if (depth == 0) return 1;
  if (game_over(pos)) return 0;
  const std::vector<Move> moves = generate_moves(pos);
  if (depth == 1 && bulk) return moves.size();
  uint64_t nodes = 0;
  for (Move m : moves) {
    MailboxPosition next = pos;
    make_move(next, m);
    nodes += perft(next, depth - 1, bulk);
  }
  return nodes;
}

LinkCounts link_counts() { return board().counts; }

}  // namespace junqi::reference
