// A library the tests preload into the arbiter tool (LD_PRELOAD, glibc): it counts the
// calls to malloc, calloc and realloc the process makes (operator new calls malloc) and
// writes the count, when the process exits, to the file named by the environment variable
// ARBITER_COUNT_ALLOCATIONS_FILE. cli_scale_test.cpp runs the tool on an input and on
// three times it: allocations that grow with the games read are allocations per game.
// glibc's own functions do the allocating (__libc_malloc and its kin).

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>

extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* block, std::size_t size);
}

namespace {
std::atomic<unsigned long> allocations{0};
}  // namespace

extern "C" {
void* malloc(std::size_t size) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(size);
}
void* calloc(std::size_t count, std::size_t size) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_calloc(count, size);
}
void* realloc(void* block, std::size_t size) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_realloc(block, size);
}
}

namespace {
// At exit: the count, in decimal, to the file named (nothing that allocates).
__attribute__((destructor)) void report() {
  const char* path = std::getenv("ARBITER_COUNT_ALLOCATIONS_FILE");
  if (!path) return;
  const int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return;
  char text[32];
  const int n = std::snprintf(text, sizeof text, "%lu\n", allocations.load());
  if (n > 0 && write(fd, text, std::size_t(n)) != n) {
  }
  close(fd);
}
}  // namespace
