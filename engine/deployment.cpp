#include "engine/deployment.h"

#include <algorithm>

#include "engine/error.h"
#include "engine/notation.h"

namespace junqi::engine {

Square deployment_square(Color side, int slot) {
  const int own_rank = slot / Board::kFiles + 1, own_file = slot % Board::kFiles;
  return side == kRed ? Board::square(own_file, own_rank)
                      : Board::square(Board::kFiles - 1 - own_file, Board::kRanks + 1 - own_rank);
}

int deployment_slot(Color side, Square s) {
  for (int slot = 0; slot < kDeploymentSlots; ++slot)
    if (deployment_square(side, slot) == s) return slot;
  return -1;
}

bool is_camp_slot(int slot) { return Board::kT.camps & square_bb(deployment_square(kRed, slot)); }

bool may_deploy(PieceType t, int slot) {
  const int own_rank = slot / Board::kFiles + 1;
  if (t == kFlag) return Board::kT.headquarters & square_bb(deployment_square(kRed, slot));
  if (t == kMine) return own_rank <= 2;
  if (t == kBomb) return own_rank != 6;  // a side's front rank
  return true;
}

Deployment parse_deployment(std::string_view text) {
  Deployment d;
  int group = 0, symbol = 0;
  auto where = [&] {
    return "deployment '" + std::string(text) + "': group " + std::to_string(group + 1);
  };
  for (char c : text) {
    if (c == '/') {
      if (symbol != Board::kFiles) throw Error(where() + " has " + std::to_string(symbol) + " symbols, expected 5");
      ++group;
      symbol = 0;
      if (group >= 6) throw Error("deployment '" + std::string(text) + "': more than 6 groups");
      continue;
    }
    if (symbol == Board::kFiles) throw Error(where() + " has more than 5 symbols");
    const auto t = parse_type_char(c);
    if (!t && c != '+')
      throw Error(where() + ", symbol " + std::to_string(symbol + 1) + ": unknown piece letter '" +
                  std::string(1, c) + "' (expected one of MGDRTYCPEBLF or + for a camp)");
    d[group * Board::kFiles + symbol] = t ? *t : kNoType;
    ++symbol;
  }
  if (group != 5) throw Error("deployment '" + std::string(text) + "': expected 6 groups separated by '/', got " + std::to_string(group + 1));
  if (symbol != Board::kFiles) throw Error(where() + " has " + std::to_string(symbol) + " symbols, expected 5");
  return d;
}

std::string deployment_string(const Deployment& d) {
  std::string out;
  for (int slot = 0; slot < kDeploymentSlots; ++slot) {
    if (slot && slot % Board::kFiles == 0) out += '/';
    out += d[slot] == kNoType ? '+' : type_char(d[slot]);
  }
  return out;
}

std::optional<std::string> deployment_error(const Deployment& d, Color side) {
  int counts[kPieceTypes] = {};
  for (int slot = 0; slot < kDeploymentSlots; ++slot) {
    const PieceType t = d[slot];
    const std::string at = square_name(deployment_square(side, slot));
    const int own_rank = slot / Board::kFiles + 1;
    if (is_camp_slot(slot)) {
      if (t != kNoType) return "no piece may stand in a camp: " + std::string(type_name(t)) + " on camp " + at;
      continue;
    }
    if (t == kNoType) return "every non-camp position must be filled: camp mark '+' on " + at + ", which is no camp";
    if (t >= kPieceTypes) return "unknown piece on " + at;
    ++counts[t];
    if (t == kFlag && !(Board::kT.headquarters & square_bb(deployment_square(side, slot))))
      return "the Flag must stand in a headquarters, not on " + at;
    if (t == kMine && own_rank > 2) return "Landmines stand only in the two back ranks: Landmine on " + at;
    if (t == kBomb && own_rank == 6) return "Bombs may not stand in the front rank: Bomb on " + at;
  }
  for (int t = 0; t < kPieceTypes; ++t)
    if (counts[t] != kPieceCount[t])
      return "a side has " + std::to_string(kPieceCount[t]) + " " + std::string(type_name(PieceType(t))) +
             " (" + type_char(PieceType(t)) + "), this deployment has " + std::to_string(counts[t]);
  return std::nullopt;
}

Deployment parse_legal_deployment(std::string_view text, Color side) {
  const Deployment d = parse_deployment(text);
  if (const auto err = deployment_error(d, side)) throw Error("illegal deployment '" + std::string(text) + "': " + *err);
  return d;
}

// Uniform over legal deployments: the flag takes one of the two headquarters, the mines
// three of the nine other back-rank slots, the bombs two of the 16 remaining slots
// outside the front rank, and the 19 other pieces a random permutation of what is left.
// Each stage leaves the same number of completions whatever it chose (the counts of
// free back-rank, non-front and other slots do not depend on which slots were taken),
// so choosing uniformly stage by stage is uniform over whole deployments.
Deployment random_deployment(Rng& rng) {
  Deployment d;
  std::array<int, kDeploymentSlots> free_slots;
  int n = 0;
  for (int slot = 0; slot < kDeploymentSlots; ++slot) {
    d[slot] = kNoType;
    if (!is_camp_slot(slot)) free_slots[n++] = slot;
  }
  // Picks uniformly among the free slots satisfying `allowed` and removes it.
  auto take = [&](auto allowed) {
    int candidates = 0;
    for (int i = 0; i < n; ++i) candidates += allowed(free_slots[i]);
    int k = int(rng.below(uint64_t(candidates)));
    for (int i = 0; i < n; ++i)
      if (allowed(free_slots[i]) && k-- == 0) {
        const int slot = free_slots[i];
        free_slots[i] = free_slots[--n];
        return slot;
      }
    return -1;  // unreachable: candidates > 0 for every stage of a legal deployment
  };
  auto is_hq = [](int slot) { return bool(Board::kT.headquarters & square_bb(deployment_square(kRed, slot))); };
  d[take(is_hq)] = kFlag;
  for (int i = 0; i < kPieceCount[kMine]; ++i) d[take([](int slot) { return slot < 2 * Board::kFiles; })] = kMine;
  for (int i = 0; i < kPieceCount[kBomb]; ++i) d[take([](int slot) { return slot < 5 * Board::kFiles; })] = kBomb;
  for (int t = 0; t < kPieceTypes; ++t) {
    if (t == kFlag || t == kMine || t == kBomb) continue;
    for (int i = 0; i < kPieceCount[t]; ++i) d[take([](int) { return true; })] = PieceType(t);
  }
  return d;
}

Position start_position(const Deployment& red, const Deployment& blue, const Rules& rules) {
  Position pos;
  for (int slot = 0; slot < kDeploymentSlots; ++slot) {
    if (red[slot] != kNoType) pos.put_piece(deployment_square(kRed, slot), make_piece(kRed, red[slot]));
    if (blue[slot] != kNoType) pos.put_piece(deployment_square(kBlue, slot), make_piece(kBlue, blue[slot]));
  }
  pos.set_rules(rules);
  return pos;
}

}  // namespace junqi::engine
