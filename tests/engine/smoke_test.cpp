#include <gtest/gtest.h>
#include "engine/geometry.h"
TEST(Smoke, Builds) { EXPECT_EQ(junqi::engine::TwoPlayerBoard::kSquares, 60); }
