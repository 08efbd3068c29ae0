#pragma once
// Text from outside made safe to show: what a bot sends before it reaches a record, a log
// or the terminal, and the input an error message quotes. Bots are untrusted programs:
// one byte that is not UTF-8 made the JSON record writer throw (and the runner abort),
// and an escape sequence in a name, a file or a fault message could rewrite the user's
// terminal or split a one-line error. ProgramLink passes every line a program writes
// through printable(), and so does every Error message.

#include <string>
#include <string_view>

namespace junqi::engine {

// True if text is well-formed UTF-8 (no overlong forms, no surrogates, nothing past
// U+10FFFF).
bool is_utf8(std::string_view text);

// text as printable UTF-8 on one line: every byte that is not part of well-formed UTF-8
// becomes \xNN, and every control character becomes \n, \r, \t or \xNN (DEL and the
// C1 controls U+0080..U+009F included). Everything else passes unchanged, backslashes
// too, so printable(printable(t)) == printable(t).
std::string printable(std::string_view raw);

// The longest prefix of text of at most max_bytes that does not cut a UTF-8 sequence in
// two, for shortening safe text without making it unsafe again.
std::string_view utf8_prefix(std::string_view text, size_t max_bytes);

}  // namespace junqi::engine
