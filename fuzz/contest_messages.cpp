// The contest protocol's messages (runner/protocols/contest_protocol.h), both sides' readers: the
// referee's START / GO / RESULT as a bot reads them, and the bot's ARRAY / BESTMOVE /
// name as the runner's ContestPlayer reads them. Whatever reads must write back to the
// same line (trailing blanks aside), in both players' frames.

#include <string>

#include "engine/error.h"
#include "fuzz/fuzz_support.h"
#include "runner/protocols/contest_protocol.h"

namespace {

using namespace junqi::runner::contest;
using junqi::engine::Color;
using junqi::engine::Error;
using junqi::fuzz::require;

// The line as the readers see it: without trailing blanks.
std::string_view trimmed_line(std::string_view line) {
  while (!line.empty() && (line.back() == ' ' || line.back() == '\r' || line.back() == '\t')) line.remove_suffix(1);
  return line;
}

template <class F>
void ignoring_errors(F f) {
  try {
    f();
  } catch (const Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view line = junqi::fuzz::text_of(data, size), exact = trimmed_line(line);
  ignoring_errors([&] {
    // A total of 0 s is read as such, but a writer never sends less than 1 s.
    const Start s = parse_start(line);
    require(start_line(s) == exact || s.total_seconds == 0, "start_line(parse_start(l)) == l", line);
  });
  ignoring_errors([&] {
    require(array_line(parse_array(line)) == exact, "array_line(parse_array(l)) == l", line);
  });
  for (Color side : {junqi::engine::kRed, junqi::engine::kBlue}) {
    ignoring_errors([&] {
      // A first GO (`0000`) has no result to read: its R is written 0 whatever it was.
      const Report r = parse_go(line, side);
      std::string expected(exact);
      if (r.move == junqi::engine::kNullMove) expected[8] = '0';
      require(go_line(r, side) == expected, "go_line(parse_go(l)) == l", line);
    });
    ignoring_errors([&] {
      require(result_line(parse_result(line, side), side) == exact, "result_line(parse_result(l)) == l", line);
    });
    ignoring_errors([&] {
      require(bestmove_line(parse_bestmove(line, side), side) == exact, "bestmove_line(parse_bestmove(l)) == l",
              line);
    });
  }
  parse_name(line);
  return 0;
}
