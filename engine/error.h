#pragma once
// The one exception type of the engine: bad input (a position, a deployment, a rule
// option, a file). Its message is a single line that names what is wrong and where;
// the command line prints it and exits non-zero.

#include <stdexcept>
#include <string>
#include <string_view>

namespace junqi::engine {

// text with every control character (C0 and DEL) written out as \n, \r, \t or \xNN.
// Input quoted in a message passes through here, so a newline or a terminal escape in
// a file or an option can neither split a one-line error nor drive the terminal.
inline std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7F) {
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else {
      constexpr char kHex[] = "0123456789abcdef";
      out += {'\\', 'x', kHex[byte >> 4], kHex[byte & 0xF]};
    }
  }
  return out;
}

class Error : public std::runtime_error {
 public:
  // Every message goes through printable(): the input it quotes is escaped wherever the
  // message was made, and it stays one line.
  explicit Error(const std::string& what) : std::runtime_error(printable(what)) {}
};

}  // namespace junqi::engine
