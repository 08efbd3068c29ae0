#pragma once
// Weights files (configs/weights/<name>.toml): one `feature = value` line per feature of
// one evaluation, every feature named exactly once. The dark game's evaluation
// (evaluation.h) and the flip game's (flip_evaluation.h) read and write their files
// through these functions, each with its own feature names.

#include <span>
#include <string>
#include <string_view>

#include <Eigen/Core>

namespace junqi::eval {

// An evaluation's feature names, in the order of its weight vector, and what to call it
// in messages ("dark", "flip").
struct FeatureNames {
  std::string_view evaluation;
  std::span<const std::string_view> names;
};

// configs/weights/<name>.toml (or `name` itself, a path to a .toml file); throws
// engine::Error naming where it looked if there is none.
std::string weights_path(const std::string& name);

// Reads name = value pairs, one per feature. Errors name file, line and key: an unknown
// feature, a value that is not a number, a feature missing.
Eigen::VectorXd read_weights_file(const std::string& path, const FeatureNames& features);

// The text of a weights file (a '#' comment first if given), values printed exactly
// enough that read_weights_file reads back the same doubles.
std::string weights_file_text(const FeatureNames& features, const Eigen::VectorXd& w, const std::string& comment);

// Writes weights_file_text to path; throws engine::Error if it cannot.
void write_weights_file(const std::string& path, const FeatureNames& features, const Eigen::VectorXd& w,
                        const std::string& comment);

}  // namespace junqi::eval
