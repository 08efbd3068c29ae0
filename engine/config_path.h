#pragma once
// Finding shipped config files (configs/<folder>/...) from wherever junqi runs: the
// current directory first, then the source tree the binary was built from.

#include <optional>
#include <string>

namespace junqi::engine {

// Whether `path` names an existing file or directory. Unlike std::filesystem::exists it
// never throws: a name the system refuses (too long, bad characters) is simply absent, so
// a typo in a config reaches the caller's "no file" error instead of terminating.
bool path_exists(const std::string& path);

// The directory configs/<folder>, or nullopt if neither place has it.
std::optional<std::string> find_config_dir(const std::string& folder);

// configs/<folder>/<name>.toml if it exists, or nullopt. `name` may also be a path to a
// .toml file itself.
std::optional<std::string> find_config(const std::string& folder, const std::string& name);

}  // namespace junqi::engine
