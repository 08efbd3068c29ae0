#include "engine/printable.h"

#include <cstdint>

namespace junqi::engine {
namespace {

// Unicode 15, table 3-7: the well-formed UTF-8 sequences by their first byte, with the
// range the second byte must fall in (later bytes are 0x80..0xBF).
struct Lead {
  uint8_t first_lo, first_hi;
  size_t length;
  uint8_t second_lo, second_hi;
};
constexpr Lead kLeads[] = {
    {0xC2, 0xDF, 2, 0x80, 0xBF}, {0xE0, 0xE0, 3, 0xA0, 0xBF},
    {0xE1, 0xEC, 3, 0x80, 0xBF}, {0xED, 0xED, 3, 0x80, 0x9F},  // no surrogates
    {0xEE, 0xEF, 3, 0x80, 0xBF}, {0xF0, 0xF0, 4, 0x90, 0xBF},
    {0xF1, 0xF3, 4, 0x80, 0xBF}, {0xF4, 0xF4, 4, 0x80, 0x8F},  // nothing past U+10FFFF
};

// The length of the well-formed UTF-8 sequence at text[i], or 0 if there is none.
size_t sequence_length(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return uint8_t(text[k]); };
  if (byte(i) < 0x80) return 1;
  for (const Lead& lead : kLeads) {
    if (byte(i) < lead.first_lo || byte(i) > lead.first_hi) continue;
    if (i + lead.length > text.size()) return 0;
    if (byte(i + 1) < lead.second_lo || byte(i + 1) > lead.second_hi) return 0;
    for (size_t k = 2; k < lead.length; ++k)
      if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
    return lead.length;
  }
  return 0;
}

void append_hex(std::string& out, uint8_t b) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += "\\x";
  out += kHex[b >> 4];
  out += kHex[b & 15];
}

}  // namespace

bool is_utf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const size_t n = sequence_length(text, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string printable(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (size_t i = 0; i < raw.size();) {
    const size_t n = sequence_length(raw, i);
    const uint8_t b = uint8_t(raw[i]);
    if (n == 0) {
      append_hex(out, b);
      ++i;
      continue;
    }
    if (n == 1 && b == '\n') {
      out += "\\n";
    } else if (n == 1 && b == '\r') {
      out += "\\r";
    } else if (n == 1 && b == '\t') {
      out += "\\t";
    } else if (n == 1 && (b < 0x20 || b == 0x7F)) {
      append_hex(out, b);
    } else if (n == 2 && b == 0xC2 && uint8_t(raw[i + 1]) < 0xA0) {  // C1 controls: both bytes shown
      append_hex(out, b);
      append_hex(out, uint8_t(raw[i + 1]));
    } else {
      out.append(raw, i, n);
    }
    i += n;
  }
  return out;
}

std::string_view utf8_prefix(std::string_view text, size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  size_t end = max_bytes;
  while (end > 0 && (uint8_t(text[end]) & 0xC0) == 0x80) --end;  // text[end] continues a sequence
  return text.substr(0, end);
}

}  // namespace junqi::engine
