#include "runner/ui/deployment_files.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <optional>

#include "engine/config_path.h"
#include "engine/deployment.h"
#include "engine/error.h"
#include "runner/game/text.h"

namespace junqi::runner {
namespace {

namespace fs = std::filesystem;
using engine::Error;

std::optional<fs::path> deployments_dir() {
  if (const auto dir = engine::find_config_dir("deployments")) return fs::path(*dir);
  return std::nullopt;
}

std::string shipped_names() {
  std::string names;
  for (const auto& d : shipped_deployments()) {
    if (!names.empty()) names += ", ";
    names += d.name;
  }
  return names.empty() ? "none found" : names;
}

}  // namespace

NamedDeployment read_deployment_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw Error(cat({"cannot read deployment file '", path, "'"}));
  NamedDeployment d;
  d.name = fs::path(path).stem().string();
  std::string line;
  while (std::getline(in, line)) {
    line = trimmed(line);
    if (line.empty()) continue;
    if (line[0] == '#') {
      if (d.description.empty()) d.description = trimmed(line.substr(1));
      continue;
    }
    d.text = line;
    return d;
  }
  throw Error(cat({"deployment file '", path, "' holds no deployment line"}));
}

std::vector<NamedDeployment> shipped_deployments() {
  std::vector<NamedDeployment> list;
  const auto dir = deployments_dir();
  if (!dir) return list;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(*dir, ec)) {
    if (entry.path().extension() != ".txt") continue;
    try {
      list.push_back(read_deployment_file(entry.path().string()));
    } catch (const Error&) {
      // An unreadable or empty file is not offered; naming it explicitly reports why.
    }
  }
  std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  return list;
}

std::string resolve_deployment(const std::string& spec, engine::Color side, engine::Rng& rng) {
  const std::string s = trimmed(spec);
  if (s == "random") return engine::deployment_string(engine::random_deployment(rng));
  std::error_code ec;
  std::string text;
  if (fs::is_regular_file(s, ec)) {
    text = read_deployment_file(s).text;
  } else if (s.find('/') == std::string::npos || s.ends_with(".txt")) {
    // Not a deployment string (those have six '/'-separated groups): a shipped name.
    const auto list = shipped_deployments();
    const auto it = std::find_if(list.begin(), list.end(), [&](const auto& d) { return d.name == s; });
    if (it == list.end())
      throw Error(cat({"unknown deployment '", s,
                       "': give random, a deployment string, a file, or one of: ", shipped_names()}));
    text = it->text;
  } else {
    text = s;
  }
  return engine::deployment_string(engine::parse_legal_deployment(text, side));
}

}  // namespace junqi::runner
