#include "runner/ui/deployment_files.h"

#include <algorithm>
#include <cstdlib>
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

std::string known_names() {
  std::string names;
  for (const auto& list : {shipped_deployments(), saved_deployments()})
    for (const auto& d : list) names += cat({names.empty() ? "" : ", ", d.name});
  return names.empty() ? "none found" : names;
}


}  // namespace

std::vector<NamedDeployment> deployments_in(const std::string& dir) {
  std::vector<NamedDeployment> list;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const fs::path& p = entry.path();
    if (p.extension() != ".txt" || !valid_deployment_name(p.stem().string())) continue;
    try {
      list.push_back(read_deployment_file(p.string()));
    } catch (const Error&) {
      // not offered; naming such a file explicitly reports why
    }
  }
  std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  return list;
}

bool valid_deployment_name(const std::string& name) {
  return !name.empty() && name.size() <= 40 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

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
  const auto dir = deployments_dir();
  return dir ? deployments_in(dir->string()) : std::vector<NamedDeployment>{};
}

std::string saved_deployments_dir() {
  if (const char* data = std::getenv("XDG_DATA_HOME"); data && *data) return (fs::path(data) / "junqi" / "deployments").string();
  const char* home = std::getenv("HOME");
  return (fs::path(home && *home ? home : ".") / ".local" / "share" / "junqi" / "deployments").string();
}

std::vector<NamedDeployment> saved_deployments() { return deployments_in(saved_deployments_dir()); }

std::string save_deployment(const std::string& name, const std::string& text) {
  if (!valid_deployment_name(name))
    throw Error(cat({"cannot save as '", name, "': a name is 1 to 40 letters, digits, '-' or '_'"}));
  const auto shipped = shipped_deployments();
  if (std::any_of(shipped.begin(), shipped.end(), [&](const auto& d) { return d.name == name; }))
    throw Error(cat({"cannot save as '", name, "': a shipped deployment has that name"}));
  return write_deployment_file(saved_deployments_dir(), name, text, "saved at the deployment prompt");
}

std::string write_deployment_file(const std::string& dir, const std::string& name, const std::string& text,
                                  const std::string& description) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  const fs::path path = fs::path(dir) / (name + ".txt");
  std::ofstream out(path);
  out << "# " << description << "\n" << text << "\n";
  out.flush();
  if (!out) throw Error(cat({"cannot write '", path.string(), "'"}));
  return path.string();
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
    std::vector<NamedDeployment> list = shipped_deployments();
    for (NamedDeployment& d : saved_deployments()) list.push_back(std::move(d));
    const auto it = std::find_if(list.begin(), list.end(), [&](const auto& d) { return d.name == s; });
    if (it == list.end())
      throw Error(cat({"unknown deployment '", s,
                       "': give random, a deployment string, a file, or one of: ", known_names()}));
    text = it->text;
  } else {
    text = s;
  }
  return engine::deployment_string(engine::parse_legal_deployment(text, side));
}

}  // namespace junqi::runner
