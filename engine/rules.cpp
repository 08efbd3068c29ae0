#include "engine/rules.h"

#include <array>
#include <charconv>
#include <functional>

#include "engine/error.h"

namespace junqi::engine {
namespace {

// One row per option: its name, type, and how to read and write it. Keeping every
// option in this table means set(), entries() and the file loader cannot drift apart.
struct Option {
  std::string_view name;
  OptionType type;
  std::vector<std::string_view> choices;  // kChoice: names in enum order
  std::function<std::string(const Rules&)> get;
  std::function<void(Rules&, std::string_view)> put;  // value already validated
  int min = 0;                                        // kInt: smallest value allowed
};

int parse_int(std::string_view key, std::string_view v, int min) {
  int n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || end != v.data() + v.size() || n < min)
    throw Error("rule " + std::string(key) + ": expected an integer >= " + std::to_string(min) +
                ", got '" + std::string(v) + "'");
  return n;
}

bool parse_bool(std::string_view key, std::string_view v) {
  if (v == "true") return true;
  if (v == "false") return false;
  throw Error("rule " + std::string(key) + ": expected true or false, got '" + std::string(v) + "'");
}

template <class Enum>
Option choice(std::string_view name, std::vector<std::string_view> choices, Enum Rules::*field) {
  return {name, OptionType::kChoice, choices,
          [choices, field](const Rules& r) { return std::string(choices[int(r.*field)]); },
          [choices, field](Rules& r, std::string_view v) {
            for (size_t i = 0; i < choices.size(); ++i)
              if (choices[i] == v) r.*field = Enum(i);
          }};
}

Option flag(std::string_view name, bool Rules::*field) {
  return {name, OptionType::kBool, {},
          [field](const Rules& r) { return std::string(r.*field ? "true" : "false"); },
          [name, field](Rules& r, std::string_view v) { r.*field = parse_bool(name, v); }};
}

Option integer(std::string_view name, int Rules::*field, int min) {
  return {name, OptionType::kInt, {},
          [field](const Rules& r) { return std::to_string(r.*field); },
          [name, field, min](Rules& r, std::string_view v) { r.*field = parse_int(name, v, min); },
          min};
}

const std::vector<Option>& options() {
  static const std::vector<Option> table = {
      choice("kind", {"dark", "open", "flip", "four"}, &Rules::kind),
      choice("mine", {"attacker-dies", "both-die", "all-die"}, &Rules::mine),
      flag("marshal_death_reveals_flag", &Rules::marshal_death_reveals_flag),
      flag("engineer_scout", &Rules::engineer_scout),
      flag("engineer_turns", &Rules::engineer_turns),
      integer("rail_max", &Rules::rail_max, 0),
      flag("hq_exit", &Rules::hq_exit),
      integer("no_capture_draw", &Rules::no_capture_draw, 10),
      integer("max_plies", &Rules::max_plies, 1),
      choice("flip_flag_capture", {"any", "after-mines"}, &Rules::flip_flag_capture),
      choice("flip_colour", {"first-engineer", "first-flip"}, &Rules::flip_colour),
      flag("four_allies_visible", &Rules::four_allies_visible),
      flag("bomb_flies", &Rules::bomb_flies),
      flag("all_turn", &Rules::all_turn),
      flag("marshal_takes_flag", &Rules::marshal_takes_flag),
      choice("immobile", {"on-turn", "at-once"}, &Rules::immobile),
  };
  return table;
}

const Option& find_option(std::string_view key) {
  for (const Option& o : options())
    if (o.name == key) return o;
  std::string known;
  for (const Option& o : options()) known += (known.empty() ? "" : ", ") + std::string(o.name);
  throw Error("unknown rule option '" + std::string(key) + "' (known: " + known + ")");
}

}  // namespace

OptionType option_type(std::string_view key) { return find_option(key).type; }

void Rules::set(std::string_view key, std::string_view value) {
  const Option& o = find_option(key);
  if (o.type == OptionType::kChoice) {
    bool ok = false;
    std::string list;
    for (auto c : o.choices) {
      ok |= c == value;
      list += (list.empty() ? "" : ", ") + std::string(c);
    }
    if (!ok)
      throw Error("rule " + std::string(key) + ": expected one of " + list + ", got '" +
                  std::string(value) + "'");
  }
  o.put(*this, value);
}

std::string_view kind_name(GameKind kind) { return find_option("kind").choices[size_t(kind)]; }

void check_two_player_kind(const Rules& rules) {
  if (rules.kind == GameKind::kFour)
    throw Error("rule kind: four is the four-player game, and this plays 2-player games only");
}

void Rules::set_assignment(std::string_view assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string_view::npos || eq == 0)
    throw Error("rule '" + std::string(assignment) + "': expected key=value");
  set(assignment.substr(0, eq), assignment.substr(eq + 1));
}

std::vector<std::pair<std::string, std::string>> Rules::entries() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Option& o : options()) out.emplace_back(std::string(o.name), o.get(*this));
  return out;
}

}  // namespace junqi::engine
