#include "runner/web/web_server.h"

#include <deque>
#include <map>
#include <mutex>
#include <random>

#include <nlohmann/json.hpp>

#include "engine/config_path.h"
#include "engine/deployment.h"
#include "engine/error.h"
#include "engine/random.h"
#include "runner/game/record.h"
#include "runner/game/time_control.h"
#include "runner/web/api_error.h"
#include "runner/web/catalog.h"
#include "runner/web/deployment_store.h"
#include "runner/web/four_seen.h"
#include "runner/web/four_web_game.h"
#include "runner/web/hosted_game.h"
#include "runner/web/live_games.h"
#include "runner/web/replay_frames.h"
#include "runner/web/search_pool.h"
#include "runner/web/static_files.h"
#include "runner/web/watch.h"
#include "runner/web/web_game.h"
#include "search/bot_config.h"

// After the project's headers: httplib brings in <resolv.h>, whose `_res` macro breaks
// Eigen's headers (eval/) when they come later.
#include <httplib.h>

namespace junqi::runner::web {
namespace {

using nlohmann::json;
using engine::Color;

void send_json(httplib::Response& res, const json& body, int status = 200) {
  res.status = status;
  res.set_content(body.dump(), "application/json");
}

json parse_body(const httplib::Request& req) {
  if (req.body.empty()) return json::object();
  json body;
  try {
    body = json::parse(req.body);
  } catch (const json::exception& e) {
    throw ApiError(400, std::string("the request body is not JSON: ") + e.what());
  }
  if (!body.is_object()) throw ApiError(400, "the request body must be a JSON object");
  return body;
}

// A string field of the body, or `fallback` when absent.
std::string text_field(const json& body, const std::string& key, const std::string& fallback) {
  if (!body.contains(key) || body[key].is_null()) return fallback;
  if (!body[key].is_string()) throw ApiError(400, "field '" + key + "' must be a string");
  return body[key].get<std::string>();
}

// A rule option's value as Rules::set reads it.
std::string option_text(const std::string& key, const json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_number_integer()) return std::to_string(value.get<int64_t>());
  throw ApiError(400, "rule option '" + key + "' must be a string, a boolean or an integer");
}

// A bot of configs/bots by name only: a request never names a file of its own choosing.
search::BotConfig bot_by_name(const std::string& name) {
  if (!valid_deployment_name(name)) throw ApiError(400, "field 'bot' must be the name of a bot of /api/bots");
  const auto path = engine::find_config("bots", name);
  if (!path) throw ApiError(400, "no bot named '" + name + "' (see /api/bots)");
  search::BotConfig config = search::load_bot_config(*path);
  config.name = name;
  return config;
}

// A game's seed (which fixes the bot's deployment) and its id are drawn apart, each from
// the system's entropy: neither an id nor a run of them tells anything of a seed.
uint64_t unpredictable() {
  std::random_device device;
  return uint64_t(device()) << 32 | device();
}

// The frames of the game `body` picks from `records`, with the list of them all.
json replay_answer(const std::vector<GameRecord>& records, const json& body) {
  const json index = body.value("game", json(0u));
  if (!index.is_number_unsigned() || index.get<size_t>() >= records.size())
    throw ApiError(400, "field 'game' must be the index of a game of the file (0 to " +
                            std::to_string(records.size()) + " excluded)");
  json answer = replay_frames(records[index.get<size_t>()], text_field(body, "viewpoint", "full"));
  answer["games"] = game_summaries(records);
  answer["game"] = index;
  return answer;
}

}  // namespace

struct WebServer::Impl {
  explicit Impl(const ServerOptions& o)
      : options(o),
        files(find_assets_dir(o.assets_dir)),
        deployments(o.deployments_dir.empty() ? DeploymentStore::default_dir() : o.deployments_dir),
        pool(o.max_searches, o.max_queued) {
    http.new_task_queue = [] { return new httplib::ThreadPool(8); };
    http.set_payload_max_length(16 << 20);  // record files sent for replay
    // httplib's default adds SO_REUSEPORT, which lets a second server take the same port and
    // share its requests (and games) at random: a busy port must be an error instead.
    http.set_socket_options([](socket_t sock) {
      int yes = 1;
      setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    routes();
  }

  ~Impl() { stop_games(); }

  // Wraps a handler: every refusal becomes a JSON error and never escapes to the library.
  template <class F>
  httplib::Server::Handler guarded(F f) {
    return [f](const httplib::Request& req, httplib::Response& res) {
      try {
        f(req, res);
      } catch (const ApiError& e) {
        send_json(res, {{"error", e.what()}}, e.status);
      } catch (const engine::Error& e) {
        send_json(res, {{"error", e.what()}}, 400);
      } catch (const json::exception& e) {
        send_json(res, {{"error", std::string("bad request: ") + e.what()}}, 400);
      } catch (const std::exception& e) {
        send_json(res, {{"error", std::string("internal error: ") + e.what()}}, 500);
      }
    };
  }

  std::shared_ptr<HostedGame> game(const httplib::Request& req) {
    std::lock_guard lock(games_mutex);
    const auto it = games.find(req.matches[1]);
    if (it == games.end()) throw ApiError(404, "no game '" + std::string(req.matches[1]) + "'");
    return it->second;
  }

  std::shared_ptr<HostedGame> new_game(const json& body) {
    GameOptions o;
    const std::string kind = text_field(body, "kind", "dark");
    std::string kinds;
    for (engine::GameKind k : served_kinds()) {
      if (kind == engine::kind_name(k)) o.rules.kind = k;
      kinds += (kinds.empty() ? "'" : ", '") + std::string(engine::kind_name(k)) + "'";
    }
    if (kind != engine::kind_name(o.rules.kind)) throw ApiError(400, "field 'kind' must be one of " + kinds);
    if (body.contains("rules")) {
      if (!body["rules"].is_object()) throw ApiError(400, "field 'rules' must be an object of rule options");
      for (const auto& [key, value] : body["rules"].items()) {
        if (key == "kind") throw ApiError(400, "the game's kind is the field 'kind', not a rule option");
        o.rules.set(key, option_text(key, value));
      }
    }
    o.bot = bot_by_name(text_field(body, "bot", bots_json()["default"].get<std::string>()));
    if (o.rules.kind == engine::GameKind::kFour)
      return new_four_game(body, std::move(o.rules), std::move(o.bot));
    const std::string side = text_field(body, "side", "red");
    if (side != "red" && side != "blue") throw ApiError(400, "field 'side' must be 'red' or 'blue'");
    o.person = side == "red" ? engine::kRed : engine::kBlue;
    if (const std::string tc = text_field(body, "time_control", "none"); tc != "none") {
      o.clock = parse_time_control(tc);
      if (o.clock->kind != TimeControl::Kind::kClock)
        throw ApiError(400, "field 'time_control' must be 'none' or clock=MS+INC (a clock for both sides), got '" + tc + "'");
    }
    const uint64_t seed = unpredictable();
    o.seed = seed;
    if (o.rules.kind == engine::GameKind::kFlip) {
      // The flip game deals its own layout: a deployment would be silently ignored.
      for (const char* field : {"deployment", "bot_deployment"})
        if (body.contains(field)) throw ApiError(400, std::string("the flip game deals its layout: no field '") + field + "'");
    }
    const std::string deployment = text_field(body, "deployment", "random");
    engine::Rng rng(seed);
    o.deployment = deployment == "random" ? engine::random_deployment(rng)
                                          : engine::parse_legal_deployment(deployment, o.person);
    if (body.contains("bot_deployment"))
      o.bot_deployment = engine::parse_legal_deployment(text_field(body, "bot_deployment", ""), ~o.person);
    return host(std::make_shared<WebGame>(new_id(), std::move(o), pool));
  }

  // The four-player game: the person's seat and deployment (in its own frame); the bots
  // deploy themselves, and there is no clock.
  std::shared_ptr<HostedGame> new_four_game(const json& body, engine::Rules rules, search::BotConfig bot) {
    FourGameOptions o;
    o.rules = std::move(rules);
    o.bot = std::move(bot);
    const std::string side = text_field(body, "side", "south");
    const auto seat = parse_four_seat_name(side);
    if (!seat)
      throw ApiError(400, "field 'side' must be 'south', 'east', 'north' or 'west' in the four-player game");
    o.person = *seat;
    if (text_field(body, "time_control", "none") != "none")
      throw ApiError(400, "the four-player game has no clock: field 'time_control' must be 'none'");
    if (body.contains("bot_deployment"))
      throw ApiError(400, "the four-player game's bots deploy themselves: no field 'bot_deployment'");
    o.seed = unpredictable();
    const std::string deployment = text_field(body, "deployment", "random");
    engine::Rng rng(o.seed);
    // Every seat deploys in its own frame, as Red's deployment is written.
    o.deployment = deployment == "random" ? engine::random_deployment(rng)
                                          : engine::parse_legal_deployment(deployment, engine::kRed);
    return host(std::make_shared<FourWebGame>(new_id(), std::move(o), pool));
  }

  static std::string new_id() {
    char id[17];
    std::snprintf(id, sizeof id, "%016llx", static_cast<unsigned long long>(unpredictable()));
    return id;
  }

  // Starts a new game and keeps it, dropping the oldest beyond max_games.
  std::shared_ptr<HostedGame> host(std::shared_ptr<HostedGame> g) {
    g->start();
    {
      std::lock_guard lock(games_mutex);
      if (games.size() >= options.max_games) {
        games.erase(order.front());
        order.pop_front();
      }
      games[g->id()] = g;
      order.push_back(g->id());
    }
    return g;
  }

  void routes() {
    http.Get("/", guarded([this](const httplib::Request&, httplib::Response& res) { serve_file("index.html", res); }));
    http.Get(R"(/static/([^/]+))", guarded([this](const httplib::Request& req, httplib::Response& res) {
               serve_file(req.matches[1], res);
             }));
    http.Get("/api/geometry", guarded([](const auto&, auto& res) { send_json(res, geometry_json()); }));
    http.Get("/api/geometry/four",
             guarded([](const auto&, auto& res) { send_json(res, four_geometry_json()); }));
    http.Get("/api/bots", guarded([](const auto&, auto& res) { send_json(res, bots_json()); }));
    http.Get("/api/rules", guarded([](const auto&, auto& res) { send_json(res, rules_json()); }));

    http.Get("/api/deployments", guarded([this](const auto&, auto& res) {
               json list = json::array();
               for (const NamedDeployment& d : deployments.list())
                 list.push_back({{"name", d.name}, {"description", d.description}, {"text", d.text}});
               send_json(res, {{"deployments", list}});
             }));
    http.Get(R"(/api/deployments/([^/]+))", guarded([this](const httplib::Request& req, httplib::Response& res) {
               const NamedDeployment d = deployments.load(req.matches[1]);
               send_json(res, {{"name", d.name}, {"description", d.description}, {"text", d.text}});
             }));
    http.Put(R"(/api/deployments/([^/]+))", guarded([this](const httplib::Request& req, httplib::Response& res) {
               const json body = parse_body(req);
               deployments.save(req.matches[1], text_field(body, "text", ""));
               send_json(res, {{"name", std::string(req.matches[1])}, {"saved", true}});
             }));
    http.Post("/api/deployment/check", guarded([](const httplib::Request& req, httplib::Response& res) {
                const json body = parse_body(req);
                const std::string side = text_field(body, "side", "red");
                const engine::Deployment d = engine::parse_deployment(text_field(body, "text", ""));
                const auto error = engine::deployment_error(d, side == "blue" ? engine::kBlue : engine::kRed);
                send_json(res, {{"legal", !error}, {"error", error ? json(*error) : json(nullptr)}});
              }));
    http.Get("/api/deployment/random", guarded([](const auto&, auto& res) {
               engine::Rng rng(unpredictable());
               send_json(res, {{"text", engine::deployment_string(engine::random_deployment(rng))}});
             }));

    http.Post("/api/games", guarded([this](const httplib::Request& req, httplib::Response& res) {
                send_json(res, new_game(parse_body(req))->state(), 201);
              }));
    const std::string game_path = R"(/api/games/([0-9a-f]{16}))";
    http.Get(game_path, guarded([this](const auto& req, auto& res) { send_json(res, game(req)->state()); }));
    http.Post(game_path + "/move", guarded([this](const httplib::Request& req, httplib::Response& res) {
                const auto g = game(req);
                const json body = parse_body(req);
                g->play(text_field(body, "move", ""));
                send_json(res, g->state());
              }));
    const std::map<std::string, void (HostedGame::*)()> actions = {{"undo", &HostedGame::undo},
                                                                    {"resign", &HostedGame::resign},
                                                                    {"draw", &HostedGame::offer_draw},
                                                                    {"hint", &HostedGame::request_hint}};
    for (const auto& entry : actions) {
      const auto action = entry.second;  // named: clang 14 cannot capture a structured binding
      http.Post(game_path + "/" + entry.first, guarded([this, action](const httplib::Request& req, httplib::Response& res) {
                  const auto g = game(req);
                  ((*g).*action)();
                  send_json(res, g->state());
                }));
    }
    http.Get(game_path + "/belief", guarded([this](const httplib::Request& req, httplib::Response& res) {
               int samples = 4000;
               if (req.has_param("samples")) {
                 try {
                   samples = std::stoi(req.get_param_value("samples"));
                 } catch (const std::exception&) {
                   samples = 0;
                 }
                 if (samples < 1 || samples > 100000) throw ApiError(400, "samples must be 1 to 100000");
               }
               send_json(res, game(req)->belief(samples));
             }));
    http.Get(game_path + "/record", guarded([this](const httplib::Request& req, httplib::Response& res) {
               const auto g = game(req);
               res.set_content(to_json_line(g->record()) + "\n", "application/x-ndjson");
               res.set_header("Content-Disposition", "attachment; filename=\"junqi-" + g->id() + ".jsonl\"");
             }));

    http.Post("/api/replay", guarded([](const httplib::Request& req, httplib::Response& res) {
                const json body = parse_body(req);
                send_json(res, replay_answer(parse_records_text(text_field(body, "text", "")), body));
              }));
    http.Get("/api/watch", guarded([this](const auto&, auto& res) {
               const std::vector<GameRecord> records = read_watched(watched());
               send_json(res, {{"file", watched()},
                               {"games", game_summaries(records)},
                               {"standings", standings_json(records)},
                               {"live", game_summaries(options.live ? options.live->games() : std::vector<GameRecord>{})}});
             }));
    http.Post("/api/watch/replay", guarded([this](const httplib::Request& req, httplib::Response& res) {
                const json body = parse_body(req);
                if (!body.contains("live")) {
                  send_json(res, replay_answer(read_watched(watched()), body));
                  return;
                }
                // A game in progress, by id: its moves so far.
                const std::string id = text_field(body, "live", "");
                const auto record = options.live ? options.live->find(id) : std::nullopt;
                if (!record) throw ApiError(404, "no game '" + id + "' in progress (a game over is in the file)");
                json answer = replay_frames(*record, text_field(body, "viewpoint", "full"));
                answer["games"] = game_summaries({*record});
                answer["game"] = 0;
                answer["live"] = id;
                send_json(res, answer);
              }));

    // Whatever matched no route (or a route that set no body): a JSON error all the same.
    http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
      if (res.body.empty())
        send_json(res, {{"error", res.status == 404 ? "no such page or API route" : "bad request"}}, res.status);
    });
  }

  const std::string& watched() const {
    if (options.watch_file.empty()) throw ApiError(404, "this server watches no record file (junqi serve --watch FILE)");
    return options.watch_file;
  }

  void serve_file(const std::string& name, httplib::Response& res) {
    const StaticFile* f = files.find(name);
    if (!f) throw ApiError(404, "no such file");
    res.set_content(f->content, f->mime_type);
  }

  void stop_games() {
    std::lock_guard lock(games_mutex);
    for (auto& [id, g] : games) g->stop_searches();
  }

  ServerOptions options;
  StaticFiles files;
  DeploymentStore deployments;
  std::mutex games_mutex;
  std::map<std::string, std::shared_ptr<HostedGame>> games;
  std::deque<std::string> order;  // game ids, oldest first
  // The pool's workers hold games; declared after them, it is destroyed (joined) first.
  SearchPool pool;
  httplib::Server http;
};

WebServer::WebServer(const ServerOptions& options) : impl_(std::make_unique<Impl>(options)) {}
WebServer::~WebServer() = default;

int WebServer::bind(const std::string& host, int port) {
  const int bound = port == 0 ? impl_->http.bind_to_any_port(host) : (impl_->http.bind_to_port(host, port) ? port : -1);
  if (bound < 0) throw engine::Error("cannot listen on " + host + ":" + std::to_string(port));
  return bound;
}

void WebServer::run() { impl_->http.listen_after_bind(); }

void WebServer::stop() {
  impl_->stop_games();
  impl_->http.stop();
}

}  // namespace junqi::runner::web
