#include "engine/toml_file.h"

#include "engine/error.h"

namespace junqi::engine {

toml::table read_toml(const std::string& path) {
  try {
    return toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    throw Error(path + ":" + std::to_string(e.source().begin.line) + ": " + std::string(e.description()));
  }
}

std::string toml_where(const std::string& path, const toml::node& node) {
  return path + ":" + std::to_string(node.source().begin.line) + ": ";
}

}  // namespace junqi::engine
