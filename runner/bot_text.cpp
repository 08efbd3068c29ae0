#include "runner/bot_text.h"

#include <cstdint>

namespace junqi::runner {
namespace {

// The length of the well-formed UTF-8 sequence at text[i], or 0 if there is none
// (Unicode 15, table 3-7).
size_t sequence_length(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return uint8_t(text[k]); };
  const uint8_t b = byte(i);
  if (b < 0x80) return 1;
  size_t n = 0;
  uint8_t lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
  if (b >= 0xC2 && b <= 0xDF) n = 2;
  else if (b == 0xE0) n = 3, lo = 0xA0;
  else if (b == 0xED) n = 3, hi = 0x9F;  // no surrogates
  else if (b >= 0xE1 && b <= 0xEF) n = 3;
  else if (b == 0xF0) n = 4, lo = 0x90;
  else if (b == 0xF4) n = 4, hi = 0x8F;  // nothing past U+10FFFF
  else if (b >= 0xF1 && b <= 0xF3) n = 4;
  else return 0;
  if (i + n > text.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return n;
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

std::string bot_text(std::string_view raw) {
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
    if (n == 1 && b == '\n') out += "\\n";
    else if (n == 1 && b == '\r') out += "\\r";
    else if (n == 1 && ((b < 0x20 && b != '\t') || b == 0x7F)) append_hex(out, b);
    else if (n == 2 && b == 0xC2 && uint8_t(raw[i + 1]) < 0xA0) {  // C1 controls: both bytes shown
      append_hex(out, b);
      append_hex(out, uint8_t(raw[i + 1]));
    } else out.append(raw, i, n);
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

}  // namespace junqi::runner
