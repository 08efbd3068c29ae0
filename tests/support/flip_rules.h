#pragma once
// The flip game's rules for the engine's flip tests, optionally with one more option set.

#include <string_view>

#include "engine/rules.h"

namespace junqi::testing_support {

inline engine::Rules flip_rules(std::string_view key = {}, std::string_view value = {}) {
  engine::Rules r;
  r.set("kind", "flip");
  if (!key.empty()) r.set(key, value);
  return r;
}

}  // namespace junqi::testing_support
