// Reading damaged JSON: every failure is one engine::Error naming the field, never one of
// nlohmann's exceptions (which aborted `junqi replay` on a number out of range).
#include <gtest/gtest.h>

#include <string>

#include "runner/game/json_input.h"
#include "tests/support/error_text.h"

namespace junqi::runner {
namespace {

using testing_support::contains;
using testing_support::error_of;

std::string parse_error(const std::string& text) {
  return error_of([&] { parse_json(text); });
}

// The error of reading a field of a document that parses.
template <class F>
std::string read_error(const std::string& text, F read) {
  const nlohmann::json j = parse_json(text);
  return error_of([&] { read(JsonField(j)); });
}

TEST(JsonInput, ANumberOutOfRangeNamesItsField) {
  EXPECT_EQ(parse_error(R"({"id":"1","seed":1e400})"), "field 'seed': number overflow parsing '1e400'");
  EXPECT_EQ(parse_error(R"({"moves":[{"ms":1},{"move":"a1-a2","ms":-1e999}]})"),
            "field 'moves[1].ms': number overflow parsing '-1e999'");
  EXPECT_EQ(parse_error(R"({"theta":[[0.5],[1,2e500]]})"),
            "field 'theta[1][1]': number overflow parsing '2e500'");
  EXPECT_EQ(parse_error("1e400"), "the top-level value: number overflow parsing '1e400'");
}

TEST(JsonInput, BrokenTextSaysWhereOnOneLine) {
  EXPECT_PRED2(contains, parse_error(R"({"id":"1","seed":)"), "not JSON: line 1, column 18: ");
  EXPECT_PRED2(contains, parse_error("{\n\"id\":\n}"), "not JSON: line 3, column 1: ");
  // Invalid UTF-8 and raw control characters in a string are syntax errors; the message
  // shows them escaped and stays one line.
  for (const std::string& bad :
       {std::string("{\"id\":\"\xff\"}"), std::string("{\"id\":\"a\nb\"}"),
        std::string("{\"id\":\"a\0b\"}", 11), std::string("\0", 1), std::string("")}) {
    const std::string e = parse_error(bad);
    EXPECT_PRED2(contains, e, "not JSON: ");
    EXPECT_EQ(e.find_first_of(std::string("\n\r\0", 3)), std::string::npos) << e;
  }
}

TEST(JsonInput, WrongTypesAndRangesNameTheFieldAndTheValue) {
  EXPECT_EQ(read_error(R"({"seed":-1})", [](JsonField j) { j["seed"].uint64(); }),
            "field 'seed': expected a non-negative integer, got -1");
  EXPECT_EQ(read_error(R"({"seed":1.5})", [](JsonField j) { j["seed"].uint64(); }),
            "field 'seed': expected a non-negative integer, got 1.5");
  EXPECT_EQ(read_error(R"({"ms":9223372036854775808})", [](JsonField j) { j["ms"].int64(); }),
            "field 'ms': expected a 64-bit integer, got 9223372036854775808");
  EXPECT_EQ(read_error(R"({"k":4294967296})", [](JsonField j) { j["k"].integer(); }),
            "field 'k': expected a 32-bit integer, got 4294967296");
  EXPECT_EQ(read_error(R"({"h":[{"theta":["x"]}]})",
                       [](JsonField j) { j["h"].elements()[0]["theta"].elements()[0].number(); }),
            "field 'h[0].theta[0]': expected a number, got \"x\"");
  EXPECT_EQ(read_error(R"({"id":12})", [](JsonField j) { j["id"].text(); }),
            "field 'id': expected a string, got 12");
  EXPECT_EQ(read_error(R"({"moves":{}})", [](JsonField j) { j["moves"].elements(); }),
            "field 'moves': expected an array, got {}");
  EXPECT_EQ(read_error(R"([1])", [](JsonField j) { j["id"]; }),
            "the top-level value: expected an object, got [1]");
  EXPECT_EQ(read_error(R"({"a":{}})", [](JsonField j) { j["a"]["b"]; }), "field 'a.b' is missing");
  // A long value is shortened: the message stays readable.
  const std::string long_text = "\"" + std::string(500, 'x') + "\"";
  EXPECT_LT(read_error(long_text, [](JsonField j) { j.number(); }).size(), 100u);
}

TEST(JsonInput, ParseTextPrefixesTheFieldToTheParsersError) {
  EXPECT_EQ(read_error(R"({"move":"a1"})",
                       [](JsonField j) {
                         j["move"].parse_text([](const std::string&) -> int { throw engine::Error("bad"); });
                       }),
            "field 'move': bad");
}

}  // namespace
}  // namespace junqi::runner
