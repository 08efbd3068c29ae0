#pragma once
// Small string helpers shared by the runner's text front ends.

#include <cmath>
#include <cstdio>
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

// s in ASCII lowercase (commands typed at a prompt).
inline std::string lowercase(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return s;
}

// v with `decimals` digits after the point ("inf", "-inf", "nan" as such).
inline std::string fixed(double v, int decimals) {
  if (!std::isfinite(v)) return v > 0 ? "inf" : v < 0 ? "-inf" : "nan";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  // -0.04 rounds to "-0.0": a sign on a shown zero only confuses.
  std::string s = buf;
  if (s[0] == '-' && s.find_first_not_of("0.", 1) == std::string::npos) s.erase(0, 1);
  return s;
}

// A duration for a progress line: "m:ss", or "h:mm:ss" from an hour on.
inline std::string duration_text(double seconds) {
  const long s = long(seconds + 0.5);
  char buf[32];
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

// v with at most `digits` significant digits, as %g writes it.
inline std::string significant(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

}  // namespace junqi::runner
