#pragma once
// `junqi tournament ... --serve PORT`: the page of `junqi serve` on 127.0.0.1:PORT for the
// length of the tournament, following its record file (the standings, the games over) and
// its games in progress move by move (docs/web.md, "Watching").

#include <functional>
#include <string>
#include <thread>

#include "runner/game/record.h"
#include "runner/web/live_games.h"
#include "runner/web/web_server.h"

namespace junqi::runner::cli {

class LiveServer {
 public:
  // Binds the port (0: any free one) and serves at once; throws engine::Error if it cannot.
  LiveServer(int port, const std::string& record_file);
  ~LiveServer();  // stops serving
  LiveServer(const LiveServer&) = delete;
  LiveServer& operator=(const LiveServer&) = delete;

  int port() const { return port_; }
  // For GameSetup::on_move (through TournamentConfig::on_move); thread-safe.
  std::function<void(const GameRecord&)> on_move() {
    return [this](const GameRecord& r) { live_.update(r); };
  }

 private:
  web::LiveGames live_;
  web::WebServer server_;
  int port_ = 0;
  std::thread thread_;
};

}  // namespace junqi::runner::cli
