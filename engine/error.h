#pragma once
// The one exception type of the engine: bad input (a position, a deployment, a rule
// option, a file). Its message is a single line that names what is wrong and where;
// the command line prints it and exits non-zero.

#include <stdexcept>
#include <string>
#include "engine/printable.h"

namespace junqi::engine {

class Error : public std::runtime_error {
 public:
  // Every message goes through printable(): the input it quotes is escaped wherever the
  // message was made, and it stays one line.
  explicit Error(const std::string& what) : std::runtime_error(printable(what)) {}
};

}  // namespace junqi::engine
