// Error messages stay one line whatever the input they quote holds.
#include <gtest/gtest.h>

#include <string>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/notation.h"
#include "tests/support/error_text.h"

namespace junqi::engine {
namespace {

using testing_support::error_of;

TEST(Printable, EscapesEveryControlCharacterAndNothingElse) {
  EXPECT_EQ(printable("a\nb\rc\td"), "a\\nb\\rc\\td");
  EXPECT_EQ(printable(std::string("\0\x01\x1b[31m\x1f\x7f", 9)), "\\x00\\x01\\x1b[31m\\x1f\\x7f");
  EXPECT_EQ(printable("plain text, \\ and \"quotes\", 军棋 \xff"),
            "plain text, \\ and \"quotes\", 军棋 \\xff");
}

TEST(Printable, ErrorMessagesQuotingInputStayOneLine) {
  EXPECT_EQ(Error("bad 'a\r\nb'").what(), std::string("bad 'a\\r\\nb'"));
  // The parsers quote what they were given.
  const std::string jfen = error_of([] { parse_jfen("5/5\n5 r 0\r 0"); });
  const std::string move = error_of([] { parse_move("a1-\x1b[2Ja2"); });
  const std::string deployment = error_of([] { parse_deployment("LFLPE/\nCLBYE"); });
  for (const std::string& e : {jfen, move, deployment}) {
    EXPECT_FALSE(e.empty());
    EXPECT_EQ(e.find_first_of("\n\r\x1b"), std::string::npos) << e;
  }
  EXPECT_NE(move.find("\\x1b[2J"), std::string::npos) << move;
}

}  // namespace
}  // namespace junqi::engine
