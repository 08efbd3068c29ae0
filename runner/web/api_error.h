#pragma once
// A request the server refuses: the HTTP status (4xx for the client's mistakes, 503 when
// busy) and one line saying what is wrong, sent back as {"error": "..."}.

#include <stdexcept>
#include <string>

namespace junqi::runner::web {

struct ApiError : std::runtime_error {
  ApiError(int status_code, const std::string& message) : std::runtime_error(message), status(status_code) {}
  int status;
};

}  // namespace junqi::runner::web
