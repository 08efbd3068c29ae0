#pragma once
// A board as the API sends it: [{"square": "a1", "piece": "L"}, ...] for every occupied
// square, pieces as NOTATION's letters (Red upper case, Blue lower, X/x unidentified).
// Given a View's board it holds only what that View knows.

#include <nlohmann/json.hpp>

#include "engine/position.h"

namespace junqi::runner::web {

nlohmann::json board_json(const engine::Position& pos);

}  // namespace junqi::runner::web
