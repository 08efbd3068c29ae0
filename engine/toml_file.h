#pragma once
// Reading a TOML config file with errors in the project's form: "path:line: what".

#include <string>

#include <toml++/toml.h>

namespace junqi::engine {

// Throws Error naming the file and line of a syntax error.
toml::table read_toml(const std::string& path);

// "path:line: " of a node, to prefix errors about that key.
std::string toml_where(const std::string& path, const toml::node& node);

}  // namespace junqi::engine
