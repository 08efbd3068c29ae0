#pragma once
// Reading JSON the project wrote and a user may have damaged (game records, SPSA state).
// nlohmann's own exceptions name neither the field nor the file, and one that escapes
// aborts the program; here every failure is an engine::Error naming the field
// ("field 'moves[3].ms': expected an integer, got \"x\""), which the caller prefixes
// with the file and line.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/error.h"

namespace junqi::runner {

// Parses a JSON text. A syntax error throws engine::Error with its line and column
// ("line 1, column 17: ..."), a number too large for a double or a 64-bit integer one
// naming the field it is in.
nlohmann::json parse_json(std::string_view text);

// A value inside a parsed document, with the path that names it in messages. Readers
// check the type and range the caller asks for and throw engine::Error otherwise.
class JsonField {
 public:
  explicit JsonField(const nlohmann::json& value, std::string path = "")
      : value_(&value), path_(std::move(path)) {}

  // A member of an object that must be there / may be missing.
  JsonField operator[](std::string_view key) const;
  std::optional<JsonField> find(std::string_view key) const;
  std::vector<JsonField> elements() const;                         // an array's
  std::vector<std::pair<std::string, JsonField>> members() const;  // an object's, in key order

  std::string text() const;
  uint64_t uint64() const;
  int64_t int64() const;
  int integer() const;
  double number() const;

  // f(text()), its engine::Error prefixed with this field's name: for values with a
  // syntax of their own (a move token, a piece letter).
  template <class F>
  auto parse_text(F&& f) const {
    const std::string t = text();
    try {
      return std::forward<F>(f)(t);
    } catch (const engine::Error& e) {
      fail(e.what());
    }
  }

  // Throws engine::Error "field '<path>': <what>".
  [[noreturn]] void fail(std::string_view what) const;

 private:
  [[noreturn]] void expected(std::string_view what) const;

  const nlohmann::json* value_;
  std::string path_;
};

}  // namespace junqi::runner
