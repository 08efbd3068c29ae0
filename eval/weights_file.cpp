#include "eval/weights_file.h"

#include <charconv>
#include <fstream>
#include <vector>

#include "engine/config_path.h"
#include "engine/error.h"
#include "engine/toml_file.h"

namespace junqi::eval {

using engine::Error;

std::string weights_path(const std::string& name) {
  const auto path = engine::find_config("weights", name);
  if (!path) throw Error("weights '" + name + "' not found (looked for configs/weights/" + name + ".toml)");
  return *path;
}

Eigen::VectorXd read_weights_file(const std::string& path, const FeatureNames& features) {
  const toml::table table = engine::read_toml(path);
  const size_t n = features.names.size();
  Eigen::VectorXd w = Eigen::VectorXd::Zero(Eigen::Index(n));
  std::vector<bool> seen(n);
  for (const auto& [key, node] : table) {
    const std::string where = engine::toml_where(path, node) + std::string(key.str());
    size_t f = 0;
    while (f < n && features.names[f] != key.str()) ++f;
    if (f == n)
      throw Error(where + ": unknown feature (not one of the " + std::string(features.evaluation) +
                  " evaluation's " + std::to_string(n) + ")");
    const auto value = node.value<double>();
    if (!value) throw Error(where + ": expected a number");
    w[Eigen::Index(f)] = *value;
    seen[f] = true;
  }
  for (size_t f = 0; f < n; ++f)
    if (!seen[f]) throw Error(path + ": missing feature '" + std::string(features.names[f]) + "'");
  return w;
}

std::string weights_file_text(const FeatureNames& features, const Eigen::VectorXd& w, const std::string& comment) {
  std::string text;
  if (!comment.empty()) text += "# " + comment + "\n";
  for (size_t f = 0; f < features.names.size(); ++f) {
    // Shortest text that reads back as the same double, written with a decimal point so
    // TOML reads a float even for whole numbers.
    char buf[64];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, w[Eigen::Index(f)]);
    std::string value(buf, end);
    if (value.find_first_of(".en") == std::string::npos) value += ".0";
    text += std::string(features.names[f]) + " = " + value + "\n";
  }
  return text;
}

void write_weights_file(const std::string& path, const FeatureNames& features, const Eigen::VectorXd& w,
                        const std::string& comment) {
  std::ofstream out(path, std::ios::trunc);
  if (!(out << weights_file_text(features, w, comment))) throw Error("cannot write weights file '" + path + "'");
}

}  // namespace junqi::eval
