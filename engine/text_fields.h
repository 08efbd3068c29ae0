#pragma once
// Reading the fields of a position string (JFEN, J4FEN): splitting at a separator, and
// the non-negative counters (quiet-plies, ply).

#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include "engine/error.h"

namespace junqi::engine {

// The parts of s between separators: n separators give n + 1 parts, empty ones included.
inline std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    const size_t pos = s.find(sep, start);
    parts.push_back(s.substr(start, pos - start));
    if (pos == std::string_view::npos) return parts;
    start = pos + 1;
  }
}

// A non-negative integer field; `what` names it in the error ("JFEN ply").
inline int parse_counter(std::string_view field, std::string_view what) {
  int n = -1;
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), n);
  if (field.empty() || ec != std::errc() || end != field.data() + field.size() || n < 0)
    throw Error(std::string(what) + ": expected a non-negative integer, got '" + std::string(field) + "'");
  return n;
}

}  // namespace junqi::engine
