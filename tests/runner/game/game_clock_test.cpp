// GameClock: one way from a time control to search limits and per-move allowances.
#include <gtest/gtest.h>

#include "runner/game/time_control.h"

namespace {

using junqi::runner::GameClock;
using junqi::runner::parse_time_control;

TEST(GameClock, MoveTimeAndIterationsGiveFixedLimits) {
  const GameClock movetime(parse_time_control("movetime=250"));
  EXPECT_EQ(movetime.limits().movetime_ms, 250);
  EXPECT_EQ(movetime.limits().iterations, 0);
  EXPECT_EQ(movetime.allowed_ms(60000), 250);
  const GameClock iterations(parse_time_control("iterations=900"));
  EXPECT_EQ(iterations.limits().iterations, 900);
  EXPECT_EQ(iterations.limits().movetime_ms, 0);
  EXPECT_EQ(iterations.allowed_ms(60000), 60000);
}

TEST(GameClock, ClockRunsDownAndGainsTheIncrement) {
  GameClock clock(parse_time_control("clock=1000+50"));
  EXPECT_EQ(clock.limits().time_left_ms, 1000);
  EXPECT_EQ(clock.limits().increment_ms, 50);
  EXPECT_EQ(clock.allowed_ms(60000), 1000);
  clock.spend(300);  // 1000 - 300 + 50
  EXPECT_EQ(clock.allowed_ms(60000), 750);
  EXPECT_EQ(clock.limits().time_left_ms, 750);
}

TEST(GameClock, TimeInsideTheMarginIsForgivenAndTheSearchStillGetsTime) {
  GameClock clock(parse_time_control("clock=100+0"));
  clock.spend(130);  // overdrawn inside the referee's margin: left at 0, not -30
  EXPECT_EQ(clock.allowed_ms(60000), 0);
  EXPECT_EQ(clock.limits().time_left_ms, 1);  // never "no time at all"
}

}  // namespace
