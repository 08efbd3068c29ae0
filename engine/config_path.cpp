#include "engine/config_path.h"

#include <filesystem>

namespace junqi::engine {

std::optional<std::string> find_config(const std::string& folder, const std::string& name) {
  namespace fs = std::filesystem;
  if (name.ends_with(".toml")) return fs::exists(name) ? std::optional(name) : std::nullopt;
  for (const fs::path& root : {fs::path("."), fs::path(JUNQI_SOURCE_DIR)}) {
    const fs::path file = root / "configs" / folder / (name + ".toml");
    if (fs::exists(file)) return file.string();
  }
  return std::nullopt;
}

}  // namespace junqi::engine
