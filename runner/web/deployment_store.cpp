#include "runner/web/deployment_store.h"

#include <algorithm>

#include "engine/deployment.h"
#include "engine/error.h"
#include "runner/web/api_error.h"

namespace junqi::runner::web {


std::string DeploymentStore::default_dir() { return saved_deployments_dir(); }

std::vector<NamedDeployment> DeploymentStore::list() const {
  std::vector<NamedDeployment> saved = deployments_in(dir_);
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
  try {
    write_deployment_file(dir_, name, text, "saved from junqi serve");
  } catch (const engine::Error& e) {
    throw ApiError(500, e.what());
  }
}

}  // namespace junqi::runner::web
