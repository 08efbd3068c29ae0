#pragma once
// Kinder command-line errors: the nearest flag or command to a typo, and numeric checks
// whose messages name the accepted range in plain words.

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace junqi::runner::cli {

// The name in `names` nearest to `word` (edit distance at most 2, or `word` a prefix of
// exactly one name), if any.
std::optional<std::string> nearest(const std::string& word, const std::vector<std::string>& names);

// One line for a parse error of `app`: CLI11's message, made plain for unknown commands,
// unknown flags (with the nearest real one) and out-of-range numbers.
std::string parse_error_text(CLI::App& app, const CLI::ParseError& error);

// Checks that a number is at least `low` (and at most `high`, if given): "must be at least
// 1, got 0" rather than CLI11's range of doubles.
CLI::Validator at_least(double low);
CLI::Validator between(double low, double high);

}  // namespace junqi::runner::cli
