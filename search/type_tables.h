#pragma once
// Files of named tables of weights by piece type, the form the sampler's weights are kept
// in (deployment priors, behaviour models):
//
//   # header
//   [name]
//   marshal = 0.5
//   ... one line per type, marshal to flag
//
// Written so that reading a file back gives the same doubles.

#include <array>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/types.h"

namespace junqi::search {

using TypeWeights = std::array<double, engine::kPieceTypes>;

struct NamedWeights {
  std::string name;
  TypeWeights weight{};
};

// Type names in these files, in PieceType order.
extern const std::array<std::string_view, engine::kPieceTypes> kTypeKeys;

// `header` as comment lines, then one table per entry, in order.
std::string type_tables_toml(const std::vector<NamedWeights>& tables, const std::string& header);

// What the tables of a file stand for, in its error messages.
struct TableKind {
  std::string noun;     // "slot": "missing slot [e6]"
  std::string unknown;  // "not a deployment slot (a1 … e6, camps excluded)"
};

// Reads a file holding exactly one table for each of `names` (any order), each with all 12
// types and finite weights >= 0. check(table, type, weight, where) may throw for a weight
// the caller forbids; `where` is "path:line: table.type". The tables come back in the
// order of `names`. Errors name file, line and key.
std::vector<TypeWeights> load_type_tables(
    const std::string& path, const std::vector<std::string>& names, const TableKind& kind,
    const std::function<void(int table, int type, double weight, const std::string& where)>& check);

}  // namespace junqi::search
