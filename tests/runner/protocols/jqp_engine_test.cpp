// `junqi jqp`'s engine side: lines from the referee that it cannot follow are logged
// escaped, one line each, whatever control characters they hold.
#include <gtest/gtest.h>

#include <sstream>

#include "runner/protocols/jqp_engine.h"
#include "search/bot_config.h"

namespace junqi::runner {
namespace {

TEST(JqpEngine, LinesItCannotFollowAreEchoedEscaped) {
  std::istringstream in("hello\x1b[2J\rthere\nsetoption name x\x07 value 1\x7f\nquit\n");
  std::ostringstream out, err;
  JqpEngine(search::resolve_bot("random"), in, out, err).run();
  EXPECT_EQ(err.str(),
            "jqp: unknown command ignored: hello\\x1b[2J\\rthere\n"
            "jqp: ignored option: setoption name x\\x07 value 1\\x7f\n");
}

}  // namespace
}  // namespace junqi::runner
