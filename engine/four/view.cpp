#include "engine/four/view.h"

#include <bit>
#include <optional>

#include "engine/combat.h"
#include "engine/error.h"
#include "engine/four/deployment.h"
#include "engine/four/notation.h"
#include "engine/notation.h"

namespace junqi::engine::four {
namespace {

constexpr std::string_view kOutPrefix = "out:";
constexpr TypeSet kImmobileTypes = type_set(kMine) | type_set(kFlag);

char lower(char c) { return char(c - 'A' + 'a'); }

// The types of a piece seen in a fight that it may have, given the other's possible types.
TypeSet fight_support(TypeSet self, TypeSet other, bool self_attacks, Outcome seen, const Rules& rules) {
  TypeSet out = 0;
  for (int a = 0; a < kPieceTypes; ++a) {
    if (!(self & type_set(PieceType(a)))) continue;
    for (int b = 0; b < kPieceTypes; ++b) {
      if (!(other & type_set(PieceType(b)))) continue;
      const PieceType attacker = PieceType(self_attacks ? a : b), defender = PieceType(self_attacks ? b : a);
      if (may_attack(attacker, defender, rules) && fight(attacker, defender, rules.mine) == seen) {
        out |= type_set(PieceType(a));
        break;
      }
    }
  }
  return out;
}

// The squares a piece of type t standing on s could move to on this board.
Bitboard destinations_as(const Position& board, Square s, PieceType t) {
  Position trial = board;
  const Seat owner = seat_of(trial.piece_on(s));
  trial.remove_piece(s);
  trial.put_piece(s, make_piece(owner, t));
  return destinations(trial, s);
}

// Draws one seat's types: every non-camp slot a type from its set, the piece counts exact
// (RULES.md §2). Forced slots first, then the scarcest type (fewest candidate slots to
// spare) goes to a random candidate, one piece at a time. Every result is consistent;
// the draw is not exactly uniform over them. False on a dead end (the caller retries).
bool draw_seat(const std::array<TypeSet, kDeploymentSlots>& sets, Rng& rng, Deployment& out) {
  std::array<int, kPieceTypes> left{};
  for (int t = 0; t < kPieceTypes; ++t) left[t] = kPieceCount[t];
  out.fill(kNoType);
  int unassigned = 0;
  for (int slot = 0; slot < kDeploymentSlots; ++slot) unassigned += !is_camp_slot(slot);
  auto assign = [&](int slot, int t) {
    out[slot] = PieceType(t);
    --left[t];
    --unassigned;
  };
  while (unassigned > 0) {
    TypeSet available = 0;
    for (int t = 0; t < kPieceTypes; ++t)
      if (left[t] > 0) available |= type_set(PieceType(t));
    bool forced = false;
    for (int slot = 0; slot < kDeploymentSlots; ++slot) {
      if (is_camp_slot(slot) || out[slot] != kNoType) continue;
      const TypeSet can = sets[slot] & available;
      if (!can) return false;
      if (std::popcount(can) == 1) {
        assign(slot, std::countr_zero(can));
        forced = true;
        break;
      }
    }
    if (forced) continue;
    int best = -1, best_slack = 1 << 20;
    for (int t = 0; t < kPieceTypes; ++t) {
      if (left[t] == 0) continue;
      int candidates = 0;
      for (int slot = 0; slot < kDeploymentSlots; ++slot)
        candidates += !is_camp_slot(slot) && out[slot] == kNoType && (sets[slot] & type_set(PieceType(t)));
      if (candidates < left[t]) return false;
      if (candidates - left[t] < best_slack) best = t, best_slack = candidates - left[t];
    }
    std::array<int, kDeploymentSlots> candidates{};
    int n = 0;
    for (int slot = 0; slot < kDeploymentSlots; ++slot)
      if (!is_camp_slot(slot) && out[slot] == kNoType && (sets[slot] & type_set(PieceType(best))))
        candidates[n++] = slot;
    assign(candidates[rng.below(uint64_t(n))], best);
  }
  return true;
}

}  // namespace

std::string token_string(const Token& t) {
  if (t.kind == Token::Kind::kReveal)
    return std::string{lower(seat_letter(seat_of(t.piece))), type_char(type_of(t.piece)), '@'} + four::square_name(t.square);
  if (t.kind == Token::Kind::kOut)
    return std::string(kOutPrefix) + seat_letter(t.seat) + ":" + std::string(reason_name(t.reason));
  return four::annotated_move(t.move, t.outcome);
}

Token parse_token(std::string_view text) {
  const std::string quoted = "history token '" + std::string(text) + "'";
  if (text.starts_with(kOutPrefix)) {
    const std::string_view rest = text.substr(kOutPrefix.size());
    const auto seat = rest.size() >= 2 && rest[0] >= 'A' && rest[1] == ':' ? seat_of_letter(rest[0]) : std::nullopt;
    if (!seat) throw Error(quoted + ": expected out:<seat S, E, N or W>:<reason>, e.g. out:E:no-moves");
    for (EndReason why : {EndReason::kFlag, EndReason::kNoMoves, EndReason::kNoMovablePieces})
      if (rest.substr(2) == reason_name(why)) return Token::of_out(*seat, why);
    throw Error(quoted + ": a seat goes out for flag, no-moves or no-movable-pieces");
  }
  if (const size_t at = text.find('@'); at != std::string_view::npos) {
    const auto seat = at == 2 && text[0] >= 'a' ? seat_of_letter(text[0]) : std::nullopt;
    const auto type = at == 2 ? parse_type_char(text[1]) : std::nullopt;
    const auto square = four::parse_square(text.substr(at + 1));
    if (!seat || !type) throw Error(quoted + ": expected a seat and piece letter before '@', e.g. nF@Nb1");
    if (!square) throw Error(quoted + ": bad square");
    return Token::of_reveal(make_piece(*seat, *type), *square);
  }
  const size_t x = text.find('x');
  if (x == std::string_view::npos) return Token::of_move(four::parse_move(text), Outcome::kQuiet);
  const char mark = text.back();
  const Outcome o = mark == '>' ? Outcome::kAttackerWins
                    : mark == '<' ? Outcome::kDefenderWins
                    : mark == '=' ? Outcome::kBothDie
                                  : throw Error(quoted + ": a fight needs a result mark >, < or =");
  const std::string plain = std::string(text.substr(0, x)) + "-" + std::string(text.substr(x + 1, text.size() - x - 2));
  return Token::of_move(four::parse_move(plain), o);
}

FourView::FourView(Seat seat, const Deployment& own, const Rules& rules) : seat_(seat), own_(own) {
  // An illegal deployment would put pieces in camps and camp marks on the board.
  if (const auto error = deployment_error(own))
    throw Error("own deployment '" + deployment_string(own) + "': " + *error);
  slot_at_.fill(-1);
  for (int s = 0; s < kSeats; ++s)
    for (int slot = 0; slot < kDeploymentSlots; ++slot) {
      if (is_camp_slot(slot)) continue;
      const Square sq = deployment_square(Seat(s), slot);
      const PieceType type = s == seat ? own[slot] : kUnknownType;
      board_.put_piece(sq, make_piece(Seat(s), type));
      slot_at_[sq] = int8_t(slot);
      if (s == seat) {
        possible_[s][slot] = type_set(type);
      } else {
        for (int t = 0; t < kPieceTypes; ++t)
          if (may_deploy(PieceType(t), slot)) possible_[s][slot] |= type_set(PieceType(t));
      }
    }
  board_.set_rules(rules);
}

Seat FourView::next_in(Seat s) const {
  for (Seat n = next_seat(s); n != s; n = next_seat(n))
    if (!out_[n]) return n;
  return s;
}

Status FourView::status() const {
  return end_status(out_[kSouth] && out_[kNorth], out_[kEast] && out_[kWest], out_reason_, board_.quiet_plies(),
                    board_.ply(), rules());
}

void FourView::apply(const Token& t) {
  const std::string where = "history token " + std::to_string(history_.size() + 1) + " '" + token_string(t) + "': ";
  if (t.kind == Token::Kind::kReveal) apply_reveal(t, where);
  else if (t.kind == Token::Kind::kOut) apply_out(t, where);
  else apply_move(t, where);
  history_.push_back(t);
}

void FourView::apply_reveal(const Token& t, const std::string& where) {
  const Piece there = t.square < Board::kSquares ? board_.piece_on(t.square) : kNoPiece;
  const Seat owner = seat_of(t.piece);
  if (there == kNoPiece || seat_of(there) != owner) throw Error(where + "no piece of that seat stands there");
  if (!(possible_[owner][slot_at_[t.square]] & type_set(type_of(t.piece))))
    throw Error(where + "contradicts what is known of that piece");
  narrow(owner, slot_at_[t.square], type_set(type_of(t.piece)));
  if (there != t.piece) {
    board_.remove_piece(t.square);
    board_.put_piece(t.square, t.piece);
  }
  if (type_of(t.piece) == kFlag) revealed_flag_[owner] = true;
}

void FourView::apply_out(const Token& t, const std::string& where) {
  const Seat gone = t.seat;
  if (out_[gone]) throw Error(where + "that seat is already out");
  const bool hq_locked = !rules().hq_exit;
  for (Bitboard pieces = board_.pieces(gone); pieces;) {
    const Square sq = pop_lsb(pieces);
    const int slot = slot_at_[sq];
    const bool stuck_in_hq = hq_locked && Board::kT.headquarters.has(sq);
    if (t.reason == EndReason::kNoMovablePieces && !stuck_in_hq) narrow(gone, slot, kImmobileTypes);
    if (t.reason == EndReason::kNoMoves && !stuck_in_hq)  // no type it may be had a move here
      for (int type = 0; type < kPieceTypes; ++type)
        if ((possible_[gone][slot] & ~kImmobileTypes & type_set(PieceType(type))) &&
            destinations_as(board_, sq, PieceType(type)))
          narrow(gone, slot, TypeSet(~type_set(PieceType(type))));
  }
  // Only now: each piece above was judged on the board as the seat left it.
  for (Bitboard pieces = board_.pieces(gone); pieces;) {
    const Square sq = pop_lsb(pieces);
    board_.remove_piece(sq);
    slot_at_[sq] = -1;
  }
  out_[gone] = true;
  out_now_[gone] = t.reason;
  out_reason_ = t.reason;
  board_.set_counters(0, board_.ply());  // pieces left the board: the no-capture count restarts
  if (board_.side_to_move() == gone) board_.set_side_to_move(next_in(gone));
}

void FourView::settle_deaths(Possible& possible) const {
  for (const Death& d : deaths_) {
    TypeSet& set = possible[d.seat][d.slot];
    if (d.defender) set &= out_now_[d.seat] == EndReason::kFlag ? type_set(kFlag) : TypeSet(~type_set(kFlag));
    if (!rules().marshal_death_reveals_flag) continue;
    // A Marshal's death shows its seat's Flag, unless the seat went out with it.
    if (revealed_flag_[d.seat]) set &= type_set(kMarshal);
    else if (out_now_[d.seat] == EndReason::kNone) set &= TypeSet(~type_set(kMarshal));
  }
}

void FourView::apply_move(const Token& t, const std::string& where) {
  if (status().over()) throw Error(where + "the game is over");
  settle_deaths(possible_);
  deaths_.clear();
  revealed_flag_ = {};
  out_now_.fill(EndReason::kNone);

  const Square from = from_sq(t.move), to = to_sq(t.move);
  const Seat mover = board_.side_to_move();
  const Piece piece = board_.piece_on(from), target = board_.piece_on(to);
  if (piece == kNoPiece || seat_of(piece) != mover)
    throw Error(where + "no piece of the seat to move on " + four::square_name(from));
  if (target != kNoPiece && team_of(seat_of(target)) == team_of(mover))
    throw Error(where + "moves onto a piece of its own team");
  if ((target == kNoPiece) != (t.outcome == Outcome::kQuiet))
    throw Error(where + (target == kNoPiece ? "a fight on an empty square" : "a quiet move onto a piece"));
  if (mover == seat_ && !is_legal(board_, t.move)) throw Error(where + "not a legal move");

  // The mover is of a type that moves, and that reaches `to` from `from` on this board.
  const int slot = slot_at_[from];
  TypeSet& moved = possible_[mover][slot];
  moved &= TypeSet(~kImmobileTypes);
  if (std::popcount(moved) > 1)
    for (int type = 0; type < kPieceTypes; ++type)
      if ((moved & type_set(PieceType(type))) && !destinations_as(board_, from, PieceType(type)).has(to))
        moved &= TypeSet(~type_set(PieceType(type)));
  if (!moved) throw Error(where + "no piece that may stand on " + four::square_name(from) + " could make this move");

  if (target != kNoPiece) {
    const Seat defender = seat_of(target);
    const int dslot = slot_at_[to];
    TypeSet& attacked = possible_[defender][dslot];
    const TypeSet a = fight_support(moved, attacked, true, t.outcome, rules());
    const TypeSet d = fight_support(attacked, moved, false, t.outcome, rules());
    if (!a || !d) throw Error(where + "no pieces that may stand there fight this way");
    moved = a;
    attacked = d;
    fights_.push_back({mover, defender, int8_t(slot), int8_t(dslot), t.outcome});
    if (t.outcome != Outcome::kAttackerWins) deaths_.push_back({mover, int8_t(slot), false});
    if (t.outcome != Outcome::kDefenderWins) deaths_.push_back({defender, int8_t(dslot), true});
  }

  board_.remove_piece(from);
  slot_at_[from] = -1;
  if (t.outcome != Outcome::kDefenderWins && target != kNoPiece) {
    board_.remove_piece(to);
    slot_at_[to] = -1;
  }
  if (t.outcome == Outcome::kQuiet || t.outcome == Outcome::kAttackerWins) {
    board_.put_piece(to, piece);
    slot_at_[to] = int8_t(slot);
  }
  board_.set_counters(t.outcome == Outcome::kQuiet ? board_.quiet_plies() + 1 : 0, board_.ply() + 1);
  board_.set_side_to_move(next_in(mover));
}

void FourView::legal_moves(MoveList& list) const {
  list.size = 0;
  if (!our_turn()) return;
  generate(board_, list);
  if (rules().marshal_takes_flag) return;
  int kept = 0;
  for (const Move m : list) {
    const Piece target = board_.piece_on(to_sq(m));
    const bool may_be_flag =
        target != kNoPiece && (possible_[seat_of(target)][slot_at_[to_sq(m)]] & type_set(kFlag));
    if (!(type_of(board_.piece_on(from_sq(m))) == kMarshal && may_be_flag)) list.moves[size_t(kept++)] = m;
  }
  list.size = kept;
}

std::string FourView::text() const { return to_j4fen(board_); }

std::optional<std::array<Deployment, kSeats>> FourView::draw_world(const Possible& possible, Rng& rng) const {
  std::array<Deployment, kSeats> world;
  for (auto& d : world) d.fill(kNoType);
  std::array<std::array<int, kPieceTypes>, kSeats> spare;  // of each type, beyond the slots that must be it
  for (int s = 0; s < kSeats; ++s) {
    for (int t = 0; t < kPieceTypes; ++t) spare[s][t] = kPieceCount[t];
    for (int slot = 0; slot < kDeploymentSlots; ++slot)
      if (std::popcount(possible[s][slot]) == 1) --spare[s][std::countr_zero(possible[s][slot])];
  }
  // agree[attacks][outcome][t]: the types of a piece that, attacking (or attacked by) a
  // piece of type t, end the fight so.
  std::array<std::array<std::array<TypeSet, kPieceTypes>, 4>, 2> agree{};
  for (int attacks = 0; attacks < 2; ++attacks)
    for (const Outcome o : {Outcome::kAttackerWins, Outcome::kDefenderWins, Outcome::kBothDie})
      for (int t = 0; t < kPieceTypes; ++t)
        agree[attacks][int(o)][t] = fight_support(kAnyType, type_set(PieceType(t)), attacks, o, rules());

  // The pieces that fought, each with its fights: (other piece's index, it attacked, outcome).
  struct Link {
    int other;
    bool attacks;
    Outcome outcome;
  };
  struct Fighter {
    Seat seat;
    int slot;
    std::vector<Link> links;
  };
  std::vector<Fighter> fighters;
  {
    std::array<std::array<int, kDeploymentSlots>, kSeats> index;
    for (auto& row : index) row.fill(-1);
    auto fighter = [&](Seat seat, int slot) {
      if (index[seat][slot] < 0) {
        index[seat][slot] = int(fighters.size());
        fighters.push_back({seat, slot, {}});
      }
      return index[seat][slot];
    };
    for (const Fight& f : fights_) {
      const int a = fighter(f.attacker_seat, f.attacker), d = fighter(f.defender_seat, f.defender);
      fighters[size_t(a)].links.push_back({d, true, f.outcome});
      fighters[size_t(d)].links.push_back({a, false, f.outcome});
    }
  }
  auto type_of_fighter = [&](int i) -> PieceType& { return world[fighters[size_t(i)].seat][fighters[size_t(i)].slot]; };
  // What a fighter not yet drawn may be: its own types its seat has to spare (or its one
  // type), agreeing with each partner's drawn type or with some type the partner may be.
  auto spare_types = [&](int i) {
    const Fighter& f = fighters[size_t(i)];
    const TypeSet set = possible[f.seat][f.slot];
    if (std::popcount(set) == 1) return set;
    TypeSet out = 0;
    for (int t = 0; t < kPieceTypes; ++t)
      if ((set & type_set(PieceType(t))) && spare[f.seat][t] > 0) out |= type_set(PieceType(t));
    return out;
  };
  auto candidates = [&](int i) {
    TypeSet can = spare_types(i);
    for (const Link& l : fighters[size_t(i)].links) {
      const PieceType drawn = type_of_fighter(l.other);
      const TypeSet other = drawn != kNoType ? type_set(drawn) : spare_types(l.other);
      TypeSet agreeing = 0;
      for (TypeSet o = other; o; o &= TypeSet(o - 1)) agreeing |= agree[l.attacks][int(l.outcome)][std::countr_zero(o)];
      can &= agreeing;
    }
    return can;
  };
  // Depth first, the fighter with the fewest candidates next, random choices weighted by
  // what is left to spare, backtracking on a dead end within a node budget.
  int budget = 5000;
  auto search = [&](auto&& self, int left) -> bool {
    if (left == 0) return true;
    if (--budget < 0) return false;
    int best = -1, best_count = kPieceTypes + 1;
    TypeSet best_can = 0;
    for (int i = 0; i < int(fighters.size()); ++i) {
      if (type_of_fighter(i) != kNoType) continue;
      const TypeSet can = candidates(i);
      if (!can) return false;
      if (std::popcount(can) < best_count) best = i, best_count = std::popcount(can), best_can = can;
    }
    const Fighter& f = fighters[size_t(best)];
    const bool forced = std::popcount(possible[f.seat][f.slot]) == 1;
    for (TypeSet can = best_can; can;) {
      int total = 0;
      std::array<int, kPieceTypes> weight{};
      for (int t = 0; t < kPieceTypes; ++t)
        if (can & type_set(PieceType(t))) total += weight[t] = forced ? 1 : spare[f.seat][t];
      int pick = int(rng.below(uint64_t(total))), t = 0;
      while (pick >= weight[t]) pick -= weight[t++];
      can &= TypeSet(~type_set(PieceType(t)));
      type_of_fighter(best) = PieceType(t);
      if (!forced) --spare[f.seat][t];
      if (self(self, left - 1)) return true;
      if (!forced) ++spare[f.seat][t];
      type_of_fighter(best) = kNoType;
      if (budget < 0) return false;
    }
    return false;
  };
  if (!search(search, int(fighters.size()))) return std::nullopt;
  for (int s = 0; s < kSeats; ++s) {
    auto sets = possible[s];
    for (int slot = 0; slot < kDeploymentSlots; ++slot)
      if (world[s][slot] != kNoType) sets[slot] = type_set(world[s][slot]);
    if (!draw_seat(sets, rng, world[s])) return std::nullopt;
  }
  return world;
}

std::array<Deployment, kSeats> FourView::sample_deployments(Rng& rng) const {
  auto possible = possible_;
  settle_deaths(possible);
  // Each fight between two pieces narrows both to the types some type of the other
  // supports; a few rounds reach what the fights imply pairwise.
  for (int round = 0; round < 4; ++round)
    for (const Fight& f : fights_) {
      TypeSet& a = possible[f.attacker_seat][f.attacker];
      TypeSet& d = possible[f.defender_seat][f.defender];
      const TypeSet na = fight_support(a, d, true, f.outcome, rules());
      d = fight_support(d, na, false, f.outcome, rules());
      a = na;
    }
  // The pieces that fought first, in the order they first fought, each given a type its
  // seat still has to spare that agrees with its fights (a depth-first search that goes
  // back on a dead end); then each seat's other pieces by draw_seat. A failure starts over.
  for (int attempt = 0; attempt < 200; ++attempt) {
    if (auto world = draw_world(possible, rng)) return *world;
  }
  throw Error("four-player view of seat " + std::string(1, seat_letter(seat_)) +
              ": no deployments of the hidden pieces fit the history");
}

Position FourView::position_in(const std::array<Deployment, kSeats>& world) const {
  Position pos = board_;
  for (Bitboard pieces = board_.occupied(); pieces;) {
    const Square sq = pop_lsb(pieces);
    const Seat owner = seat_of(board_.piece_on(sq));
    pos.remove_piece(sq);
    pos.put_piece(sq, make_piece(owner, world[owner][slot_at_[sq]]));
  }
  return pos;
}

Position FourView::sample(Rng& rng) const { return position_in(sample_deployments(rng)); }

}  // namespace junqi::engine::four
