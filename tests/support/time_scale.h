#pragma once
// Time limits that only bound how long something may take (an upper bound on a wait, a
// search's overhead) are widened in slow builds: scripts/sanitize.sh sets
// JUNQI_TEST_TIME_SCALE (a factor, at least 1) because sanitized code runs several times
// slower. What a test checks stays the same; lower bounds are never scaled.

#include <chrono>
#include <cstdlib>

namespace junqi::testing_support {

inline double time_scale() {
  const char* text = std::getenv("JUNQI_TEST_TIME_SCALE");
  const double factor = text ? std::atof(text) : 1.0;
  return factor > 1 ? factor : 1.0;
}

// `limit` widened by the time scale.
inline std::chrono::milliseconds scaled(std::chrono::milliseconds limit) {
  return std::chrono::milliseconds(static_cast<int64_t>(static_cast<double>(limit.count()) * time_scale()));
}

}  // namespace junqi::testing_support
