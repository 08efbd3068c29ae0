#include "runner/cli/live_server.h"

namespace junqi::runner::cli {
namespace {

web::ServerOptions options_for(const std::string& record_file, const web::LiveGames& live) {
  web::ServerOptions o;
  o.watch_file = record_file;
  o.live = &live;
  return o;
}

}  // namespace

LiveServer::LiveServer(int port, const std::string& record_file) : server_(options_for(record_file, live_)) {
  port_ = server_.bind("127.0.0.1", port);
  thread_ = std::thread([this] { server_.run(); });
}

LiveServer::~LiveServer() {
  server_.stop();
  thread_.join();
}

}  // namespace junqi::runner::cli
