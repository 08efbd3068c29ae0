#pragma once
// The page's files (HTML, script, styles), read once into memory when the server starts.
// A request names a file of that set or gets nothing: no request path ever reaches the
// file system, so none can climb out of the folder ("../", encoded or not).

#include <map>
#include <optional>
#include <string>

namespace junqi::runner::web {

struct StaticFile {
  std::string content;
  std::string mime_type;
};

class StaticFiles {
 public:
  // Every regular file directly inside `dir`. Throws engine::Error if it cannot be read.
  explicit StaticFiles(const std::string& dir);
  // The file called `name` (a bare file name, as listed), or nullopt.
  const StaticFile* find(const std::string& name) const;

 private:
  std::map<std::string, StaticFile> files_;
};

// The page's folder: `wanted` if given, else runner/web/assets under the current
// directory, then under the source tree this binary was built from.
std::string find_assets_dir(const std::string& wanted);

}  // namespace junqi::runner::web
