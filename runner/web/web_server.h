#pragma once
// `junqi serve`: the page and its JSON API (docs/web.md) over cpp-httplib. Requests run on
// the library's thread pool and never search: bot moves and hints go to the SearchPool.
// Every failure is answered as {"error": "..."} with a 4xx (5xx: the server's own), and
// the server goes on.

#include <cstddef>
#include <memory>
#include <string>

namespace junqi::runner::web {

class LiveGames;

struct ServerOptions {
  std::string assets_dir;       // the page's files; empty: runner/web/assets (static_files.h)
  std::string deployments_dir;  // saved deployments; empty: DeploymentStore::default_dir()
  int max_searches = 2;         // bot searches running at once
  std::size_t max_queued = 32;  // searches waiting for one of those; beyond: 503
  std::size_t max_games = 64;   // games kept; a new one beyond drops the oldest
  std::string watch_file;       // a record file to follow (watch.h); empty: none
  // The games in progress of the tournament writing watch_file (junqi tournament --serve),
  // not owned; null: none.
  const LiveGames* live = nullptr;
};

class WebServer {
 public:
  // Throws engine::Error if the page's files cannot be read.
  explicit WebServer(const ServerOptions& options);
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds host:port (port 0: any free one) and returns the port. Throws engine::Error.
  int bind(const std::string& host, int port);
  // Serves requests until stop(); call after bind().
  void run();
  // From any thread: ends run() and every search.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace junqi::runner::web
