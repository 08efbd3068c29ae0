#include "runner/web/deployment_store.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "engine/deployment.h"
#include "engine/error.h"
#include "runner/web/api_error.h"

namespace junqi::runner::web {

namespace fs = std::filesystem;

bool valid_deployment_name(const std::string& name) {
  return !name.empty() && name.size() <= 40 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

std::string DeploymentStore::default_dir() {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return (fs::path(xdg) / "junqi" / "deployments").string();
  const char* home = std::getenv("HOME");
  return (fs::path(home && *home ? home : ".") / ".local" / "share" / "junqi" / "deployments").string();
}

std::vector<NamedDeployment> DeploymentStore::list() const {
  std::vector<NamedDeployment> saved;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir_, ec)) {
    const fs::path& p = entry.path();
    if (p.extension() != ".txt" || !valid_deployment_name(p.stem().string())) continue;
    try {
      saved.push_back(read_deployment_file(p.string()));
    } catch (const engine::Error&) {
      // an unreadable file is left out of the list, not an error of the listing
    }
  }
  std::sort(saved.begin(), saved.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  for (const NamedDeployment& d : shipped_deployments())
    if (std::none_of(saved.begin(), saved.end(), [&](const auto& s) { return s.name == d.name; })) saved.push_back(d);
  return saved;
}

NamedDeployment DeploymentStore::load(const std::string& name) const {
  if (!valid_deployment_name(name)) throw ApiError(400, "a deployment name is 1 to 40 letters, digits, '-' or '_'");
  for (const NamedDeployment& d : list())
    if (d.name == name) return d;
  throw ApiError(404, "no deployment named '" + name + "'");
}

void DeploymentStore::save(const std::string& name, const std::string& text) const {
  if (!valid_deployment_name(name)) throw ApiError(400, "a deployment name is 1 to 40 letters, digits, '-' or '_'");
  try {
    engine::parse_legal_deployment(text);
  } catch (const engine::Error& e) {
    throw ApiError(400, e.what());
  }
  std::error_code ec;
  fs::create_directories(dir_, ec);
  const fs::path file = fs::path(dir_) / (name + ".txt");
  std::ofstream out(file);
  out << "# saved from junqi serve\n" << text << "\n";
  if (!out.flush()) throw ApiError(500, "cannot write '" + file.string() + "'");
}

}  // namespace junqi::runner::web
