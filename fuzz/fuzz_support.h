#pragma once
// What the fuzz targets share: the input as text, the input as a file for readers that
// take a path, and a check that stops the run on a broken property (libFuzzer then
// keeps the input as a crash).

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>

namespace junqi::fuzz {

inline std::string_view text_of(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// A property every input must keep (a round trip, an invariant); a failure aborts, so
// libFuzzer reports the input that broke it.
inline void require(bool ok, const char* property, std::string_view input) {
  if (ok) return;
  std::fprintf(stderr, "fuzz: property broken: %s\ninput: '%.*s'\n", property, int(input.size()), input.data());
  std::abort();
}

// The input written to a file of this process (one per process, so parallel fuzzers
// do not share it), removed when done. The suffix matters to readers that look at it.
class TempFile {
 public:
  TempFile(std::string_view contents, std::string_view suffix) {
    const char* dir = std::getenv("TMPDIR");
    path_ = std::string(dir && *dir ? dir : "/tmp") + "/junqi-fuzz-" + std::to_string(::getpid());
    path_ += suffix;
    std::ofstream(path_, std::ios::binary | std::ios::trunc).write(contents.data(), std::streamsize(contents.size()));
  }
  ~TempFile() { std::remove(path_.c_str()); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace junqi::fuzz
