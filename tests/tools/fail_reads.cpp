// A library the tests preload into the arbiter tool (LD_PRELOAD, glibc): the file named by
// the environment variable ARBITER_FAIL_READS_FILE fails to read after
// ARBITER_FAIL_READS_AFTER bytes, as a disk that fails part-way would (fread gives the bytes
// before, then sets the stream's error flag with EIO). cli_scale_test.cpp checks what the
// tool reports then: every complete game before the failure, and an input/output error.
// Only the stream fopen() opened for that path is touched; everything else reads as ever.

#include <dlfcn.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {
std::FILE* failing = nullptr;      // the stream opened for ARBITER_FAIL_READS_FILE
unsigned long long delivered = 0;  // bytes fread has given from it

using Open = std::FILE* (*)(const char*, const char*);
using Read = std::size_t (*)(void*, std::size_t, std::size_t, std::FILE*);

std::FILE* open_with(const char* symbol, const char* path, const char* mode) {
  const auto real = reinterpret_cast<Open>(dlsym(RTLD_NEXT, symbol));
  std::FILE* const f = real ? real(path, mode) : nullptr;
  const char* const name = std::getenv("ARBITER_FAIL_READS_FILE");
  if (f && name && std::strcmp(path, name) == 0) {
    failing = f;
    delivered = 0;
  }
  return f;
}
}  // namespace

extern "C" {
std::FILE* fopen(const char* path, const char* mode) { return open_with("fopen", path, mode); }
std::FILE* fopen64(const char* path, const char* mode) { return open_with("fopen64", path, mode); }

std::size_t fread(void* to, std::size_t size, std::size_t count, std::FILE* stream) {
  static const auto real = reinterpret_cast<Read>(dlsym(RTLD_NEXT, "fread"));
  if (stream != failing || size != 1) return real(to, size, count, stream);
  const char* const after_text = std::getenv("ARBITER_FAIL_READS_AFTER");
  const unsigned long long after = after_text ? std::strtoull(after_text, nullptr, 10) : 0;
  const std::size_t room = delivered < after ? std::size_t(after - delivered) : 0;
  const std::size_t got = real(to, 1, count < room ? count : room, stream);
  delivered += got;
  if (got < count && delivered >= after) {
    stream->_flags |= _IO_ERR_SEEN;  // what ferror() reads (glibc)
    errno = EIO;
  }
  return got;
}
}
