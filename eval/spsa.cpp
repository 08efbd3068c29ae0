#include "eval/spsa.h"

#include <algorithm>
#include <cmath>

#include "engine/error.h"
#include "engine/random.h"
#include "engine/toml_file.h"

namespace junqi::eval {

using engine::Error;

Spsa::Spsa(std::vector<SpsaParam> params, const SpsaSettings& settings)
    : params_(std::move(params)), settings_(settings) {
  if (params_.empty()) throw Error("spsa: no parameters to tune");
  if (settings_.iterations < 1) throw Error("spsa: iterations must be at least 1");
  if (settings_.alpha <= 0 || settings_.gamma <= 0) throw Error("spsa: alpha and gamma must be positive");
  big_a_ = settings_.big_a < 0 ? 0.1 * settings_.iterations : settings_.big_a;
  for (const SpsaParam& p : params_) {
    const std::string where = "spsa parameter '" + p.name + "': ";
    if (!(p.min <= p.max)) throw Error(where + "min is above max");
    if (p.start < p.min || p.start > p.max) throw Error(where + "start is outside [min, max]");
    if (!(p.c_end > 0)) throw Error(where + "c_end must be positive");
    if (!(p.r_end > 0)) throw Error(where + "r_end must be positive");
    theta_.push_back(p.start);
  }
}

double Spsa::c_k(size_t i, int k) const {
  const double c = params_[i].c_end * std::pow(settings_.iterations, settings_.gamma);
  return c / std::pow(k, settings_.gamma);
}

double Spsa::a_k(size_t i, int k) const {
  const SpsaParam& p = params_[i];
  const double a = p.r_end * p.c_end * p.c_end * std::pow(big_a_ + settings_.iterations, settings_.alpha);
  return a / std::pow(big_a_ + k, settings_.alpha);
}

SpsaStep Spsa::step(int k, uint64_t seed) const {
  engine::Rng rng(seed * 0x9E3779B97F4A7C15ull + uint64_t(k));
  SpsaStep s;
  s.k = k;
  for (size_t i = 0; i < params_.size(); ++i) {
    const double d = rng.below(2) ? 1.0 : -1.0;
    const double c = c_k(i, k);
    s.delta.push_back(d);
    s.c.push_back(c);
    s.plus.push_back(std::clamp(theta_[i] + c * d, params_[i].min, params_[i].max));
    s.minus.push_back(std::clamp(theta_[i] - c * d, params_[i].min, params_[i].max));
  }
  return s;
}

void Spsa::update(const SpsaStep& step, double wins_minus_losses) {
  for (size_t i = 0; i < params_.size(); ++i) {
    const double c = step.c[i];
    const double r = a_k(i, step.k) / (c * c);
    theta_[i] = std::clamp(theta_[i] + r * c * wins_minus_losses * step.delta[i], params_[i].min, params_[i].max);
  }
}

std::vector<SpsaParam> load_spsa_params(const std::string& path, SpsaSettings* settings) {
  const toml::table table = engine::read_toml(path);
  std::vector<SpsaParam> params;
  for (const auto& [key, node] : table) {
    const std::string where = engine::toml_where(path, node) + std::string(key.str());
    // An init-capture: clang 14 (the fuzz and sanitizer builds) cannot capture a
    // structured binding itself.
    auto number = [&, &value = node](double& out) {
      const auto v = value.value<double>();
      if (!v) throw Error(where + ": expected a number");
      out = *v;
    };
    double ignored = 0;
    if (key.str() == "alpha") number(settings ? settings->alpha : ignored);
    else if (key.str() == "gamma") number(settings ? settings->gamma : ignored);
    else if (key.str() == "A") number(settings ? settings->big_a : ignored);
    else if (key.str() != "param") throw Error(where + ": unknown key (expected alpha, gamma, A or [[param]])");
  }
  const toml::array* list = table["param"].as_array();
  if (!list || list->empty()) throw Error(path + ": no [[param]] tables");
  for (const toml::node& entry : *list) {
    const toml::table* t = entry.as_table();
    if (!t) throw Error(engine::toml_where(path, entry) + "param: expected a [[param]] table");
    SpsaParam p;
    std::array<bool, 6> seen{};
    for (const auto& [key, node] : *t) {
      const std::string where = engine::toml_where(path, node) + std::string(key.str());
      static constexpr std::string_view kKeys[] = {"name", "start", "min", "max", "c_end", "r_end"};
      const auto it = std::find(std::begin(kKeys), std::end(kKeys), key.str());
      if (it == std::end(kKeys)) throw Error(where + ": unknown key (expected name, start, min, max, c_end, r_end)");
      const size_t index = size_t(it - std::begin(kKeys));
      seen[index] = true;
      if (index == 0) {
        const auto s = node.value<std::string>();
        if (!s) throw Error(where + ": expected a string");
        p.name = *s;
        continue;
      }
      const auto v = node.value<double>();
      if (!v) throw Error(where + ": expected a number");
      double* fields[] = {nullptr, &p.start, &p.min, &p.max, &p.c_end, &p.r_end};
      *fields[index] = *v;
    }
    for (size_t i = 0; i < seen.size(); ++i)
      if (!seen[i]) {
        static constexpr const char* kNames[] = {"name", "start", "min", "max", "c_end", "r_end"};
        throw Error(engine::toml_where(path, entry) + "param '" + p.name + "': missing key '" + kNames[i] + "'");
      }
    params.push_back(p);
  }
  return params;
}

}  // namespace junqi::eval
