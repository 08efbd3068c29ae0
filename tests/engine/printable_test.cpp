// engine/printable: well-formed UTF-8 is kept, every byte that is not and every control
// character comes out escaped, and shortening never cuts a character in two.
#include "engine/printable.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using junqi::engine::printable;
using junqi::engine::is_utf8;
using junqi::engine::utf8_prefix;

TEST(Printable, WellFormedUtf8IsKeptAndMalformedIsNot) {
  EXPECT_TRUE(is_utf8("bestmove a6-a5"));
  EXPECT_TRUE(is_utf8("司令 \xF0\x9F\x98\x80"));  // 3- and 4-byte sequences
  EXPECT_FALSE(is_utf8("\xFF"));
  EXPECT_FALSE(is_utf8("\xC0\xAF"));          // overlong '/'
  EXPECT_FALSE(is_utf8("\xED\xA0\x80"));      // a surrogate
  EXPECT_FALSE(is_utf8("\xF4\x90\x80\x80"));  // past U+10FFFF
  EXPECT_FALSE(is_utf8("\xE5\x8F"));          // cut short
  EXPECT_EQ(printable("司令\tok"), "司令\\tok");
}

TEST(Printable, EveryUnsafeByteIsEscaped) {
  EXPECT_EQ(printable("a\xFF"
                     "b"),
            "a\\xffb");
  EXPECT_EQ(printable("\xE5\x8F"), "\\xe5\\x8f");  // a sequence cut short: each byte
  EXPECT_EQ(printable("x\r\ny"), "x\\r\\ny");
  EXPECT_EQ(printable("\x1B[2J\x7F"), "\\x1b[2J\\x7f");
  EXPECT_EQ(printable("\xC2\x9B"
                     "1m"),
            "\\xc2\\x9b1m");  // C1 control CSI
  EXPECT_EQ(printable(std::string("a\0b", 3)), "a\\x00b");
  for (const char* raw : {"\xFF\xFE", "\x1B]0;title\x07", "\xC2\x85", "ok"})
    EXPECT_TRUE(is_utf8(printable(raw))) << raw;
}

TEST(Printable, PrefixesEndOnACharacterBoundary) {
  const std::string text = "ab司";  // 司 is three bytes
  EXPECT_EQ(utf8_prefix(text, 2), "ab");
  EXPECT_EQ(utf8_prefix(text, 3), "ab");
  EXPECT_EQ(utf8_prefix(text, 4), "ab");
  EXPECT_EQ(utf8_prefix(text, 5), text);
  EXPECT_EQ(utf8_prefix(text, 99), text);
}

}  // namespace
