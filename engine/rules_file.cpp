// Loading rule options from a TOML file; kept apart from rules.cpp so that only this
// file depends on toml++.
#include "engine/error.h"
#include "engine/rules.h"
#include "engine/toml_file.h"

namespace junqi::engine {

Rules load_rules_file(const std::string& path) {
  const toml::table table = read_toml(path);
  Rules rules;
  for (const auto& [key, node] : table) {
    const std::string where = toml_where(path, node);
    try {
      const OptionType type = option_type(key.str());
      std::string text;
      if (type == OptionType::kBool && node.is_boolean())
        text = node.as_boolean()->get() ? "true" : "false";
      else if (type == OptionType::kInt && node.is_integer())
        text = std::to_string(node.as_integer()->get());
      else if (type == OptionType::kChoice && node.is_string())
        text = node.as_string()->get();
      else
        throw Error("rule " + std::string(key.str()) + ": expected " +
                    (type == OptionType::kBool  ? "a boolean"
                     : type == OptionType::kInt ? "an integer"
                                                : "a string"));
      rules.set(key.str(), text);
    } catch (const Error& e) {
      throw Error(where + e.what());
    }
  }
  return rules;
}

}  // namespace junqi::engine
