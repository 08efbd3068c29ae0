#pragma once
// A `junqi serve` server on a free loopback port for the length of a test, and a client
// that speaks JSON to it.

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include "runner/web/live_games.h"
#include "runner/web/web_server.h"

namespace junqi::testing_support {

class WebTestServer {
 public:
  // Saved deployments go to a fresh folder under the test's temporary directory, and so
  // does the record file the server watches (watch_file(), written by the test).
  // live: the games in progress the server follows (as junqi tournament --serve gives it).
  explicit WebTestServer(const std::string& name, bool watch = false, const runner::web::LiveGames* live = nullptr) {
    const char* tmp = std::getenv("TEST_TMPDIR");
    root_ = std::filesystem::path(tmp ? tmp : "/tmp") / ("web-" + name);
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
    runner::web::ServerOptions options;
    options.deployments_dir = (root_ / "deployments").string();
    if (watch) options.watch_file = watch_file();
    options.live = live;
    server_ = std::make_unique<runner::web::WebServer>(options);
    port_ = server_->bind("127.0.0.1", 0);
    thread_ = std::thread([this] { server_->run(); });
    client_ = std::make_unique<httplib::Client>("127.0.0.1", port_);
    client_->set_read_timeout(30, 0);
  }
  ~WebTestServer() {
    server_->stop();
    thread_.join();
  }

  const std::filesystem::path& root() const { return root_; }
  std::string watch_file() const { return (root_ / "watched.jsonl").string(); }
  httplib::Client& client() { return *client_; }

  struct Reply {
    int status = 0;
    std::string body;
    nlohmann::json json() const { return nlohmann::json::parse(body); }
  };
  Reply get(const std::string& path) { return reply(client_->Get(path.c_str())); }
  Reply post(const std::string& path, const std::string& body = "{}") {
    return reply(client_->Post(path.c_str(), body, "application/json"));
  }
  Reply put(const std::string& path, const std::string& body) {
    return reply(client_->Put(path.c_str(), body, "application/json"));
  }

  // POST /api/games: the new game's id (a test failure and "" when it is not created).
  std::string new_game(const std::string& body) {
    const Reply r = post("/api/games", body);
    if (r.status != 201) {
      ADD_FAILURE() << "no game created: " << r.status << " " << r.body;
      return "";
    }
    return r.json()["id"];
  }

  // The game's state once its searches are done (the bot has replied); fails the test
  // if they take more than a minute.
  nlohmann::json settled(const std::string& id) {
    for (int i = 0; i < 1200; ++i) {
      const Reply r = get("/api/games/" + id);
      EXPECT_EQ(r.status, 200) << r.body;
      const nlohmann::json s = r.json();
      if (!s["thinking"].get<bool>() && !s["hint_pending"].get<bool>()) return s;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ADD_FAILURE() << "game " << id << " never settled";
    return nullptr;
  }

 private:
  static Reply reply(const httplib::Result& r) {
    if (!r) return {-1, "no answer: " + httplib::to_string(r.error())};
    return {r->status, r->body};
  }

  std::filesystem::path root_;
  std::unique_ptr<runner::web::WebServer> server_;
  int port_ = 0;
  std::thread thread_;
  std::unique_ptr<httplib::Client> client_;
};

}  // namespace junqi::testing_support
