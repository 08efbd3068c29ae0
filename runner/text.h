#pragma once
// Small string helpers shared by the runner's text front ends.

#include <initializer_list>
#include <string>
#include <string_view>

namespace junqi::runner {

// Joins the parts of a message (GCC 12 at -O3 warns falsely on "literal" + std::string).
inline std::string cat(std::initializer_list<std::string_view> parts) {
  std::string s;
  for (std::string_view p : parts) s += p;
  return s;
}

// s without leading and trailing blanks.
inline std::string trimmed(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

}  // namespace junqi::runner
