// `junqi serve [--port 8080] [--host 127.0.0.1]`: the browser page and its JSON API
// (docs/web.md). Ctrl-C stops the server: running searches are told to stop, and the
// command returns once the last request is answered.
#include <chrono>
#include <iostream>
#include <thread>

#include "runner/cli/commands.h"
#include "runner/cli/interrupt.h"
#include "runner/web/web_server.h"

namespace junqi::runner::cli {

void add_serve_command(CLI::App& app) {
  struct Options {
    std::string host = "127.0.0.1";
    int port = 8080;
    web::ServerOptions server;
  };
  auto opt = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("serve", "Play the bots in a web browser: serve the page and its JSON API");
  cmd->add_option("--host", opt->host, "Address to listen on (127.0.0.1: this machine only)")->capture_default_str();
  cmd->add_option("--port", opt->port, "Port to listen on (0: any free one)")->capture_default_str()->check(CLI::Range(0, 65535));
  cmd->add_option("--searches", opt->server.max_searches, "Bot searches running at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  cmd->add_option("--assets", opt->server.assets_dir, "The page's folder (default: runner/web/assets of the source tree)");
  cmd->add_option("--watch", opt->server.watch_file,
                  "A record file to follow on the page: a running match's or tournament's --out");
  cmd->add_option("--deployments", opt->server.deployments_dir,
                  "Where saved deployments go (default: ~/.local/share/junqi/deployments)");
  cmd->callback([opt] {
    web::WebServer server(opt->server);
    const int port = server.bind(opt->host, opt->port);
    // Ctrl-C only sets g_interrupted under the guard; this thread turns it into stop().
    InterruptGuard guard;
    std::atomic<bool> done{false};
    std::thread watcher([&] {
      while (!done && !g_interrupted) std::this_thread::sleep_for(std::chrono::milliseconds(100));
      server.stop();
    });
    std::cout << "junqi serve: http://" << opt->host << ":" << port << "/ (Ctrl-C stops)" << std::endl;
    server.run();
    done = true;
    watcher.join();
    std::cout << "junqi serve: stopped" << std::endl;
  });
}

}  // namespace junqi::runner::cli
