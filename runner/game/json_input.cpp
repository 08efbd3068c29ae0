#include "runner/game/json_input.h"

#include <functional>
#include <limits>

#include "runner/game/text.h"

namespace junqi::runner {
namespace {

using engine::Error;
using nlohmann::json;

// A member's or an element's path: "moves[3].ms".
std::string child_path(const std::string& parent, std::string_view key) {
  return parent.empty() ? std::string(key) : cat({parent, ".", key});
}
std::string element_path(const std::string& parent, size_t index) {
  return cat({parent, "[", std::to_string(index), "]"});
}

std::string field_name(const std::string& path) {
  return path.empty() ? "the top-level value" : cat({"field '", path, "'"});
}

// nlohmann's message without its "[json.exception.parse_error.101] " tag.
std::string reason(const json::exception& e) {
  const std::string_view what = e.what();
  const size_t tag_end = what.find("] ");
  return std::string(tag_end == std::string_view::npos ? what : what.substr(tag_end + 2));
}

// Follows the parser's events to know which field it is in when a number overflows (the
// parser names only the number).
class FieldTracker {
 public:
  bool operator()(int, json::parse_event_t event, const json& parsed) {
    switch (event) {
      case json::parse_event_t::object_start:
      case json::parse_event_t::array_start:
        levels_.push_back({event == json::parse_event_t::array_start, "", 0});
        break;
      case json::parse_event_t::object_end:
      case json::parse_event_t::array_end:
        levels_.pop_back();
        value_done();
        break;
      case json::parse_event_t::key:
        levels_.back().key = parsed.get<std::string>();
        break;
      case json::parse_event_t::value:
        value_done();
        break;
    }
    return true;
  }

  // The path of the value being parsed.
  std::string path() const {
    std::string p;
    for (const Level& l : levels_) p = l.array ? element_path(p, l.done) : child_path(p, l.key);
    return p;
  }

 private:
  struct Level {
    bool array = false;
    std::string key;  // objects: the member being parsed
    size_t done = 0;  // arrays: elements parsed, so the index of the one being parsed
  };

  void value_done() {
    if (!levels_.empty() && levels_.back().array) ++levels_.back().done;
  }

  std::vector<Level> levels_;
};

}  // namespace

json parse_json(std::string_view text) {
  FieldTracker tracker;
  try {
    return json::parse(text, std::ref(tracker));
  } catch (const json::parse_error& e) {
    std::string r = reason(e);
    if (r.starts_with("parse error at ")) r.erase(0, 15);  // leaves "line L, column C: ..."
    throw Error(cat({"not JSON: ", r}));
  } catch (const json::exception& e) {  // out_of_range.406: a number beyond double or 64 bits
    throw Error(cat({field_name(tracker.path()), ": ", reason(e)}));
  }
}

JsonField JsonField::operator[](std::string_view key) const {
  if (std::optional<JsonField> f = find(key)) return *f;
  throw Error(cat({field_name(child_path(path_, key)), " is missing"}));
}

std::optional<JsonField> JsonField::find(std::string_view key) const {
  if (!value_->is_object()) expected("an object");
  const auto it = value_->find(key);
  if (it == value_->end()) return std::nullopt;
  return JsonField(*it, child_path(path_, key));
}

std::vector<JsonField> JsonField::elements() const {
  if (!value_->is_array()) expected("an array");
  std::vector<JsonField> out;
  for (size_t i = 0; i < value_->size(); ++i) out.emplace_back((*value_)[i], element_path(path_, i));
  return out;
}

std::vector<std::pair<std::string, JsonField>> JsonField::members() const {
  if (!value_->is_object()) expected("an object");
  std::vector<std::pair<std::string, JsonField>> out;
  for (const auto& [key, value] : value_->items())
    out.emplace_back(key, JsonField(value, child_path(path_, key)));
  return out;
}

std::string JsonField::text() const {
  if (!value_->is_string()) expected("a string");
  return value_->get<std::string>();
}

uint64_t JsonField::uint64() const {
  if (!value_->is_number_unsigned()) expected("a non-negative integer");
  return value_->get<uint64_t>();
}

int64_t JsonField::int64() const {
  if (!value_->is_number_integer() ||
      (value_->is_number_unsigned() &&
       value_->get<uint64_t>() > uint64_t(std::numeric_limits<int64_t>::max())))
    expected("a 64-bit integer");
  return value_->get<int64_t>();
}

int JsonField::integer() const {
  if (!value_->is_number_integer()) expected("an integer");
  const int64_t v = int64();
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
    expected("a 32-bit integer");
  return int(v);
}

double JsonField::number() const {
  if (!value_->is_number()) expected("a number");
  return value_->get<double>();
}

void JsonField::fail(std::string_view what) const { throw Error(cat({field_name(path_), ": ", what})); }

void JsonField::expected(std::string_view what) const {
  constexpr size_t kShown = 40;  // enough to recognise the value, one line for any
  std::string shown = value_->dump(-1, ' ', false, json::error_handler_t::replace);
  if (shown.size() > kShown) shown = cat({shown.substr(0, kShown), "..."});
  fail(cat({"expected ", what, ", got ", shown}));
}

}  // namespace junqi::runner
