// The runner's side of JQP (runner/players/jqp_player.h, runner/protocols/program_link.h, runner/protocols/process.h):
// the input is everything a bot program writes, played by a real child process (`cat`
// of the input) so that the pipe, line splitting and cutting, the handshake, `info`
// lines and the answers go through the code a tournament runs. The player must turn
// whatever comes into answers or faults; the referee's own checks of a deployment and a
// move follow, as in a game. A handshake that declares the flip game (`kinds ... flip`)
// plays a flip action instead of a deployment and a move.

#include <chrono>

#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/flip_game.h"
#include "engine/notation.h"
#include "engine/view.h"
#include "fuzz/fuzz_support.h"
#include "runner/players/jqp_player.h"

namespace {

using namespace junqi;

template <class F>
void ignoring_errors(F f) {
  try {
    f();
  } catch (const engine::Error&) {
  }
}

// An action the player accepted must parse: the player checked it, so an exception here is
// a bug, which libFuzzer reports.
void check_move(const runner::Answer<runner::MoveAnswer>& move) {
  if (move.ok() && move.value.move != "resign") engine::parse_move(move.value.move);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const fuzz::TempFile output(fuzz::text_of(data, size), ".txt");
  runner::PlayerOptions options;
  options.startup_ms = 2000;
  runner::JqpPlayer player("exec cat " + output.path(), options);
  // The child exits at the end of its output, so nothing waits out these deadlines.
  const auto deadline = [] { return runner::SteadyClock::now() + std::chrono::seconds(2); };
  if (player.plays_flip()) {
    engine::Rules flip;
    flip.set("kind", "flip");
    if (!player.new_game(engine::kRed, flip, 1, deadline()).ok()) return 0;
    check_move(player.go_flip(engine::FlipView(0, flip), search::Limits{}, deadline()));
    return 0;
  }
  if (!player.new_game(engine::kRed, engine::Rules{}, 1, deadline()).ok()) return 0;
  const runner::Answer<std::string> deployment = player.deploy(deadline());
  if (!deployment.ok()) return 0;
  ignoring_errors([&] { engine::parse_legal_deployment(deployment.value, engine::kRed); });
  const engine::View view(engine::kRed, engine::parse_deployment(engine::kSampleDeployment), engine::Rules{});
  check_move(player.go(view, search::Limits{}, deadline()));
  return 0;
}
