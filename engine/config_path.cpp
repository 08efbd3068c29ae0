#include "engine/config_path.h"

#include <filesystem>

namespace junqi::engine {

namespace fs = std::filesystem;

bool path_exists(const std::string& path) {
  std::error_code ec;
  return fs::exists(path, ec);
}

std::optional<std::string> find_config_dir(const std::string& folder) {
  for (const fs::path& root : {fs::path("."), fs::path(JUNQI_SOURCE_DIR)}) {
    const fs::path dir = root / "configs" / folder;
    std::error_code ec;
    if (fs::is_directory(dir, ec)) return dir.string();
  }
  return std::nullopt;
}

std::optional<std::string> find_config(const std::string& folder, const std::string& name) {
  if (name.ends_with(".toml")) return path_exists(name) ? std::optional(name) : std::nullopt;
  for (const fs::path& root : {fs::path("."), fs::path(JUNQI_SOURCE_DIR)}) {
    const fs::path file = root / "configs" / folder / (name + ".toml");
    if (path_exists(file.string())) return file.string();
  }
  return std::nullopt;
}

}  // namespace junqi::engine
