#include "search/bot_config.h"

#include <filesystem>
#include <toml++/toml.h>

#include "engine/error.h"
#include "search/random_bot.h"

namespace junqi::search {

using engine::Error;

BotConfig load_bot_config(const std::string& path) {
  toml::table table;
  try {
    table = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    throw Error(path + ":" + std::to_string(e.source().begin.line) + ": " + std::string(e.description()));
  }
  BotConfig config;
  config.source = path;
  config.name = std::filesystem::path(path).stem().string();
  for (const auto& [key, node] : table) {
    const std::string where = path + ":" + std::to_string(node.source().begin.line) + ": " + std::string(key.str());
    std::string text;
    if (auto s = node.as_string()) text = s->get();
    else if (auto i = node.as_integer()) text = std::to_string(i->get());
    else if (auto f = node.as_floating_point()) text = std::to_string(f->get());
    else if (auto b = node.as_boolean()) text = b->get() ? "true" : "false";
    else throw Error(where + ": expected a string, number or boolean");
    if (key.str() == "kind") config.kind = text;
    else config.params[std::string(key.str())] = text;
  }
  if (config.kind.empty()) throw Error(path + ": missing key 'kind' (e.g. kind = \"random\")");
  return config;
}

BotConfig resolve_bot(const std::string& spec) {
  namespace fs = std::filesystem;
  if (spec.ends_with(".toml")) {
    if (!fs::exists(spec)) throw Error("bot config '" + spec + "' does not exist");
    return load_bot_config(spec);
  }
  for (const fs::path& dir : {fs::path("configs/bots"), fs::path(JUNQI_SOURCE_DIR) / "configs/bots"}) {
    const fs::path file = dir / (spec + ".toml");
    if (fs::exists(file)) return load_bot_config(file.string());
  }
  return {spec, spec, {}, "built-in"};
}

std::unique_ptr<Bot> make_bot(const BotConfig& config) {
  auto no_params = [&] {
    if (!config.params.empty())
      throw Error(config.source + ": bot kind '" + config.kind + "' takes no parameter '" +
                  config.params.begin()->first + "'");
  };
  if (config.kind == "random") {
    no_params();
    return std::make_unique<RandomBot>();
  }
  throw Error("unknown bot '" + config.name + "' (kind '" + config.kind + "'; known kinds: random)");
}

}  // namespace junqi::search
