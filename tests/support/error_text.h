#pragma once
// Helpers for tests that check error messages (the test binary links gtest, not gmock).

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/error.h"

namespace junqi::testing_support {

// EXPECT_PRED2(contains, message, "part") prints both on failure.
inline bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// The message of the engine::Error thrown by f(), or "" (and a test failure) if none is.
template <class F>
std::string error_of(F f) {
  try {
    f();
  } catch (const engine::Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "no Error thrown";
  return "";
}

}  // namespace junqi::testing_support
