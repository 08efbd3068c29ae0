#include "search/rollout_schedule.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

#include "engine/error.h"
#include "engine/text_fields.h"

namespace junqi::search {

int RolloutSchedule::depth_for(double iterations) const {
  if (iterations <= double(points.front().first)) return points.front().second;
  for (size_t k = 1; k < points.size(); ++k) {
    const auto [b0, d0] = points[k - 1];
    const auto [b1, d1] = points[k];
    if (iterations > double(b1)) continue;
    const double t = std::log2(iterations / double(b0)) / std::log2(double(b1) / double(b0));
    return int(std::lround(double(d0) + t * double(d1 - d0)));
  }
  return points.back().second;
}

namespace {

template <class T>
bool read_whole(std::string_view text, T& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

RolloutSchedule parse_rollout_schedule(const std::string& text, const std::string& what) {
  RolloutSchedule schedule;
  std::string spaced = text;
  std::replace(spaced.begin(), spaced.end(), ',', ' ');
  for (const std::string_view point : engine::split(spaced, ' ')) {
    if (point.empty()) continue;  // a run of separators
    const std::vector<std::string_view> parts = engine::split(point, ':');
    int64_t budget = 0;
    int depth = 0;
    if (parts.size() != 2 || !read_whole(parts[0], budget) || !read_whole(parts[1], depth) || budget < 1 ||
        depth < 0 || depth > 1000)
      throw engine::Error(what + ": expected points iterations:depth (iterations >= 1, depth 0 to 1000), got '" +
                          std::string(point) + "'");
    if (!schedule.points.empty() && budget <= schedule.points.back().first)
      throw engine::Error(what + ": the budgets must increase, got '" + std::string(point) + "' after " +
                          std::to_string(schedule.points.back().first));
    schedule.points.emplace_back(budget, depth);
  }
  if (schedule.empty()) throw engine::Error(what + ": expected at least one point iterations:depth, got '" + text + "'");
  return schedule;
}

double expected_iterations(int64_t iterations, double seconds, double rate) {
  const double by_time = seconds > 0 && rate > 0 ? seconds * rate : 0;
  if (iterations > 0) return by_time > 0 ? std::min(double(iterations), by_time) : double(iterations);
  return by_time;
}

}  // namespace junqi::search
