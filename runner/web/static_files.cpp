#include "runner/web/static_files.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/error.h"

namespace junqi::runner::web {
namespace {

namespace fs = std::filesystem;

std::string mime_type_of(const fs::path& file) {
  const std::string ext = file.extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  return "application/octet-stream";
}

}  // namespace

StaticFiles::StaticFiles(const std::string& dir) {
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) throw engine::Error("cannot read the page's folder '" + dir + "': " + ec.message());
  for (const fs::directory_entry& entry : it) {
    if (!entry.is_regular_file()) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    if (!in) throw engine::Error("cannot read '" + entry.path().string() + "'");
    std::ostringstream text;
    text << in.rdbuf();
    files_[entry.path().filename().string()] = {text.str(), mime_type_of(entry.path())};
  }
  if (!files_.count("index.html")) throw engine::Error("the page's folder '" + dir + "' has no index.html");
}

const StaticFile* StaticFiles::find(const std::string& name) const {
  const auto it = files_.find(name);
  return it == files_.end() ? nullptr : &it->second;
}

std::string find_assets_dir(const std::string& wanted) {
  if (!wanted.empty()) return wanted;
  for (const fs::path& root : {fs::path("."), fs::path(JUNQI_SOURCE_DIR)}) {
    const fs::path dir = root / "runner" / "web" / "assets";
    std::error_code ec;
    if (fs::is_directory(dir, ec)) return dir.string();
  }
  throw engine::Error("cannot find the page's folder runner/web/assets (give it with --assets)");
}

}  // namespace junqi::runner::web
