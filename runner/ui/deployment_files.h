#pragma once
// Deployments as users name them: `random`, a deployment string, a shipped one from
// configs/deployments/<name>.txt, or a file of their own. A deployment file holds one
// deployment string per line; blank lines and lines starting with '#' are skipped (the
// first '#' line describes the deployment), and the first deployment line is used.

#include <string>
#include <vector>

#include "engine/random.h"
#include "engine/types.h"

namespace junqi::runner {

struct NamedDeployment {
  std::string name;         // file stem
  std::string description;  // the first '#' line, without the '#'
  std::string text;         // the deployment string
};

// Reads a deployment file. Throws engine::Error naming the file if it cannot be read or
// holds no deployment line (the line itself is not validated here).
NamedDeployment read_deployment_file(const std::string& path);

// configs/deployments/*.txt, sorted by name, found under the current directory or one of
// its parents, else under a parent of the running executable (a build inside the source
// tree). Empty if there is no such folder.
std::vector<NamedDeployment> shipped_deployments();

// The deployment files (*.txt) of a folder whose names are valid_deployment_name()s,
// sorted by name; unreadable or empty ones left out. Empty if the folder is missing.
std::vector<NamedDeployment> deployments_in(const std::string& dir);
// A name a deployment may be saved under: 1 to 40 letters, digits, '-' or '_' (so that it
// is a file name inside the folder, never a path out of it).
bool valid_deployment_name(const std::string& name);

// Where a person's own deployments are kept (`save NAME` at the deployment prompt):
// $XDG_DATA_HOME/junqi/deployments, else ~/.local/share/junqi/deployments.
std::string saved_deployments_dir();
// The deployments saved there, sorted by name; empty if there are none.
std::vector<NamedDeployment> saved_deployments();
// Saves a legal deployment string as NAME (letters, digits, '-' and '_', at most 40; not a
// shipped name) and returns the file's path. Throws engine::Error saying what is wrong.
std::string save_deployment(const std::string& name, const std::string& text);

// Writes DIR/NAME.txt (the folder made if missing): the description as its '#' line, then
// the deployment string. Returns the path; throws engine::Error if it cannot be written.
std::string write_deployment_file(const std::string& dir, const std::string& name, const std::string& text,
                                  const std::string& description);

// A legal deployment string for `side` from a spec (see above, or a saved name; `random`
// draws from rng).
// Throws engine::Error naming the broken rule, the unknown name or the unreadable file.
std::string resolve_deployment(const std::string& spec, engine::Color side, engine::Rng& rng);

}  // namespace junqi::runner
