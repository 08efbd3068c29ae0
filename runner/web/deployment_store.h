#pragma once
// The person's named deployments, one file <name>.txt each (the deployment-file format
// of runner/ui/deployment_files.h) in a folder of the user's own, beside the shipped ones
// of configs/deployments. Names are checked before they become file names, so a request
// can read or write nothing outside that folder.

#include <string>
#include <vector>

#include "runner/ui/deployment_files.h"

namespace junqi::runner::web {

class DeploymentStore {
 public:
  explicit DeploymentStore(std::string dir) : dir_(std::move(dir)) {}

  // The saved deployments, then the shipped ones (a saved name hides a shipped one).
  std::vector<NamedDeployment> list() const;
  // Throws ApiError 400 for a bad name, 404 for an unknown one.
  NamedDeployment load(const std::string& name) const;
  // Validates the deployment (ApiError 400 naming the broken rule) and writes it.
  void save(const std::string& name, const std::string& text) const;

  // The default folder: the one `junqi play` saves to (saved_deployments_dir).
  static std::string default_dir();

 private:
  std::string dir_;
};

}  // namespace junqi::runner::web
