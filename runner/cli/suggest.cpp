#include "runner/cli/suggest.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "engine/printable.h"

namespace junqi::runner::cli {
namespace {

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// "1" for whole numbers, else the shortest form that reads back.
std::string number_text(double x) {
  std::ostringstream s;
  if (x == std::floor(x) && std::abs(x) < 1e15) s << static_cast<long long>(x);
  else s << x;
  return s.str();
}

// Checks `text` as a number in [low, high]; the message, or "" when it is.
std::string check_number(const std::string& text, double low, std::optional<double> high) {
  double x = 0;
  if (!CLI::detail::lexical_cast(text, x)) return "expected a number, got '" + text + "'";
  if (x < low || (high && x > *high)) {
    const std::string range = high ? "between " + number_text(low) + " and " + number_text(*high)
                                   : "at least " + number_text(low);
    return "must be " + range + ", got " + text;
  }
  return "";
}

std::vector<std::string> long_flags(const CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::Option* o : app.get_options())
    for (const std::string& name : o->get_lnames()) out.push_back("--" + name);
  return out;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

}  // namespace

std::optional<std::string> nearest(const std::string& word, const std::vector<std::string>& names) {
  std::optional<std::string> best;
  size_t best_distance = 3;
  int prefixed = 0;
  std::string prefix_match;
  for (const std::string& name : names) {
    if (name.rfind(word, 0) == 0) ++prefixed, prefix_match = name;
    const size_t d = edit_distance(word, name);
    if (d < best_distance) best_distance = d, best = name;
  }
  if (best) return best;
  if (prefixed == 1) return prefix_match;
  return std::nullopt;
}

std::string parse_error_text(CLI::App& app, const CLI::ParseError& error) {
  // The deepest command the parser entered ("tune fit"): its flags and commands are the
  // ones a typo was meant for.
  CLI::App* at = &app;
  std::string path;
  while (!at->get_subcommands().empty()) {
    at = at->get_subcommands().front();
    path += (path.empty() ? "" : " ") + at->get_name();
  }
  const std::string where = path.empty() ? "" : path + ": ";
  for (const std::string& extra : at->remaining())
    if (extra.rfind("--", 0) == 0) {
      const std::string flag = extra.substr(0, extra.find('='));
      std::string text = where + "unknown option " + engine::printable(flag);
      if (const auto guess = nearest(flag, long_flags(*at))) text += " (did you mean " + *guess + "?)";
      return text;
    }
  std::vector<std::string> commands;
  for (const CLI::App* sub : at->get_subcommands({})) commands.push_back(sub->get_name());
  if (!commands.empty() && at->get_subcommands().empty() && dynamic_cast<const CLI::RequiredError*>(&error)) {
    const std::vector<std::string> rest = at->remaining();
    if (rest.empty()) return where + "no command given; the commands: " + joined(commands);
    std::string text = where + "unknown command '" + engine::printable(rest.front()) + "'";
    if (const auto guess = nearest(rest.front(), commands)) text += " (did you mean " + *guess + "?)";
    return text + "; the commands: " + joined(commands);
  }
  return engine::printable(error.what());
}

CLI::Validator at_least(double low) {
  return CLI::Validator([low](std::string& text) { return check_number(text, low, std::nullopt); },
                        "NUMBER >= " + number_text(low));
}

CLI::Validator between(double low, double high) {
  return CLI::Validator([low, high](std::string& text) { return check_number(text, low, high); },
                        "NUMBER in [" + number_text(low) + ", " + number_text(high) + "]");
}

}  // namespace junqi::runner::cli
