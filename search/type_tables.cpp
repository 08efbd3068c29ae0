#include "search/type_tables.h"

#include <charconv>
#include <cmath>

#include "engine/error.h"
#include "engine/toml_file.h"

namespace junqi::search {

using namespace junqi::engine;

const std::array<std::string_view, kPieceTypes> kTypeKeys = {
    "marshal", "general", "division", "brigade", "regiment", "battalion",
    "company", "platoon", "engineer", "bomb",    "mine",     "flag"};

namespace {

// Shortest text that reads back as the same double (TOML takes "1e-05" and "0" too).
std::string exact_number(double x) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x);
  return std::string(buf, end);
}

}  // namespace

std::string type_tables_toml(const std::vector<NamedWeights>& tables, const std::string& header) {
  std::string out;
  size_t begin = 0;
  while (begin < header.size()) {
    const size_t end = std::min(header.find('\n', begin), header.size());
    out += end > begin ? "# " : "#";
    out += header.substr(begin, end - begin);
    out += '\n';
    begin = end + 1;
  }
  for (const NamedWeights& table : tables) {
    out += "\n[" + table.name + "]\n";
    for (int t = 0; t < kPieceTypes; ++t) {
      out += kTypeKeys[t];
      out += " = ";
      out += exact_number(table.weight[t]);
      out += '\n';
    }
  }
  return out;
}

std::vector<TypeWeights> load_type_tables(
    const std::string& path, const std::vector<std::string>& names, const TableKind& kind,
    const std::function<void(int table, int type, double weight, const std::string& where)>& check) {
  const toml::table file = read_toml(path);
  std::vector<TypeWeights> weights(names.size());
  std::vector<bool> seen_table(names.size());
  for (const auto& [key, node] : file) {
    const std::string where = toml_where(path, node) + std::string(key.str());
    size_t index = 0;
    while (index < names.size() && names[index] != key.str()) ++index;
    if (index == names.size())
      throw Error(where + ": " + kind.unknown);
    const toml::table* types = node.as_table();
    if (!types) throw Error(where + ": expected a table of weights by piece type");
    seen_table[index] = true;
    std::array<bool, kPieceTypes> seen_type{};
    for (const auto& [type_key, value] : *types) {
      const std::string at = toml_where(path, value) + std::string(key.str()) + "." + std::string(type_key.str());
      int t = 0;
      while (t < kPieceTypes && kTypeKeys[t] != type_key.str()) ++t;
      if (t == kPieceTypes) throw Error(at + ": unknown piece type (marshal, general, … , mine, flag)");
      const auto w = value.value<double>();
      if (!w || !std::isfinite(*w) || *w < 0) throw Error(at + ": expected a number >= 0");
      check(int(index), t, *w, at);
      weights[index][t] = *w;
      seen_type[t] = true;
    }
    for (int t = 0; t < kPieceTypes; ++t)
      if (!seen_type[t]) throw Error(where + ": missing weight '" + std::string(kTypeKeys[t]) + "'");
  }
  for (size_t i = 0; i < names.size(); ++i)
    if (!seen_table[i]) throw Error(path + ": missing " + kind.noun + " [" + names[i] + "]");
  return weights;
}

}  // namespace junqi::search
